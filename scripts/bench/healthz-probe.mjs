// Asks <url>/healthz every 20 ms, one request at a time, until its standard input closes; then
// prints each answer's milliseconds as a JSON array. The benchmark runs it as a process of its own,
// so that the time measured is the server's and not that of the process sending the uploads.
const url = `${process.argv[2]}/healthz`;
const times = [];
let running = true;
process.stdin.on('end', () => (running = false)).resume();
while (running) {
  const asked = performance.now();
  const res = await fetch(url);
  await res.text();
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
  times.push(performance.now() - asked);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(`${JSON.stringify(times)}\n`);
