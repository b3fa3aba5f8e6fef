import type { AfricasTalkingSettings } from '../config';

// Africa's Talking's SMS API (POST {base}/version1/messaging): it delivers to Zimbabwe's networks
// (Econet, NetOne, Telecel), and a sandbox with the same API is there to try it on.

/** What the API answers for a message: one entry a recipient. */
interface MessagingAnswer {
  SMSMessageData?: { Message?: string; Recipients?: { number?: string; status?: string; statusCode?: number; messageId?: string }[] };
}

/** Processed, Sent, Queued: the recipient's statuses that mean the message is on its way. */
const ACCEPTED = new Set([100, 101, 102]);
const TIMEOUT_MS = 15_000;

/** An SmsSender (smsSender.ts) over Africa's Talking's HTTP API; a recipient status other than accepted is a failure. */
export class AfricasTalkingSender {
  readonly transport = 'africastalking' as const;
  constructor(private readonly settings: AfricasTalkingSettings) {}

  async send(to: string, text: string): Promise<void> {
    const form = new URLSearchParams({ username: this.settings.username, to, message: text });
    if (this.settings.senderId) form.set('from', this.settings.senderId);
    const res = await fetch(`${this.settings.baseUrl}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: this.settings.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`Africa's Talking answered ${res.status}: ${body.slice(0, 200)}`);
    let answer: MessagingAnswer;
    try {
      answer = JSON.parse(body) as MessagingAnswer;
    } catch {
      throw new Error(`Africa's Talking answered something other than JSON: ${body.slice(0, 200)}`);
    }
    const recipient = answer.SMSMessageData?.Recipients?.[0];
    // No recipient at all is a refusal too (an invalid number can come back as an empty list).
    if (!recipient || !ACCEPTED.has(Number(recipient.statusCode))) {
      throw new Error(`Africa's Talking did not send the SMS: ${recipient?.status ?? answer.SMSMessageData?.Message ?? 'no recipient'}`);
    }
  }
}
