// A local stand-in for Africa's Talking's SMS API (POST /version1/messaging): it checks the request as
// the real one does (the apiKey header, the form's username, to and message, JSON asked for with
// Accept) and answers in its shape, SMSMessageData.Recipients[] with a status per number.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSms {
  to: string;
  message: string;
  from: string | null;
  username: string;
}

export interface FakeAfricasTalkingRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export interface FakeAfricasTalking {
  url: string;
  /** The messages it accepted, in order. */
  messages: FakeSms[];
  requests: FakeAfricasTalkingRequest[];
  /** The next message is refused for its recipient, as the API does for an unknown number (403 InvalidPhoneNumber). */
  refuseNext(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeAfricasTalking(account: { username: string; apiKey: string }): Promise<FakeAfricasTalking> {
  const messages: FakeSms[] = [];
  const requests: FakeAfricasTalkingRequest[] = [];
  let refuse = false;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return answer(404, { error: 'not found' });
      if (req.headers.apikey !== account.apiKey || form.username !== account.username) {
        res.writeHead(401, { 'content-type': 'text/plain' });
        return res.end('The supplied authentication is invalid');
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded') || req.headers.accept !== 'application/json') {
        return answer(400, { error: 'expected a form asking for JSON' });
      }
      if (!form.to || !form.message) return answer(400, { SMSMessageData: { Message: 'InvalidRequest', Recipients: [] } });
      if (refuse) {
        refuse = false;
        return answer(201, {
          SMSMessageData: { Message: 'Sent to 0/1 Total Cost: 0', Recipients: [{ statusCode: 403, number: form.to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }] },
        });
      }
      messages.push({ to: form.to, message: form.message, from: form.from ?? null, username: form.username });
      answer(201, {
        SMSMessageData: {
          Message: 'Sent to 1/1 Total Cost: USD 0.0200',
          Recipients: [{ statusCode: 101, number: form.to, status: 'Success', cost: 'USD 0.0200', messageId: `ATXid_${messages.length}` }],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    refuseNext() {
      refuse = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
