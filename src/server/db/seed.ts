// Placeholder replaced below
export async function seedDemoData(_deps: unknown): Promise<{ auctions: number; accounts: Array<{ role: string; email: string; password: string }> } | null> {
  return null;
}
