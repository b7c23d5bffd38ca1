// How mail leaves, by the settings: a mail server with SMTP_URL; printed in the terminal in
// development without one; otherwise not at all. And what the terminal shows of a mail.
import { describe, expect, test } from 'vitest';
import { mailDelivery, mailOptions, terminalTransport } from '../../src/server/services/mail-transport';

describe('mailDelivery', () => {
  test('SMTP_URL wins everywhere; without it, development prints and anything else sends nothing', () => {
    const smtp = 'smtp://user:pass@mail.example.com:587';
    expect(mailDelivery({ SMTP_URL: smtp, NODE_ENV: 'production' })).toBe('smtp');
    expect(mailDelivery({ SMTP_URL: smtp, NODE_ENV: 'development' })).toBe('smtp');
    expect(mailDelivery({ SMTP_URL: undefined, NODE_ENV: 'development' })).toBe('terminal');
    expect(mailDelivery({ SMTP_URL: undefined, NODE_ENV: 'production' })).toBeNull();
    expect(mailDelivery({ SMTP_URL: undefined, NODE_ENV: 'test' })).toBeNull();
    expect(mailOptions({ SMTP_URL: undefined, NODE_ENV: 'production', MAIL_FROM: 'a@b.c' }).transport).toBeNull();
  });
});

describe('terminalTransport', () => {
  test('prints who the mail is for, its subject and its text with the links, and not the HTML', async () => {
    const printed: string[] = [];
    await terminalTransport((text) => printed.push(text)).send({
      from: 'Open Auction <no-reply@localhost>',
      to: 'maya@demo.test',
      subject: 'Reset your Open Auction password',
      text: 'Hello Maya,\n\nChoose a new password: http://localhost:3000/reset-password?token=abc\n',
      html: '<p>Hello</p>',
    });
    expect(printed).toHaveLength(1);
    const lines = printed[0]!.split('\n');
    expect(lines).toContain('From: Open Auction <no-reply@localhost>');
    expect(lines).toContain('To: maya@demo.test');
    expect(lines).toContain('Subject: Reset your Open Auction password');
    expect(lines).toContain('Choose a new password: http://localhost:3000/reset-password?token=abc');
    expect(printed[0]).not.toContain('<p>');
  });
});
