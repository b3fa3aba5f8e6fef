import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfricasTalkingSender } from '@/server/sms/africasTalking';
import { loadConfig as load, ConfigError } from '@/server/config';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../fakes/africasTalking';

describe("Africa's Talking's SMS adapter against a local fake of its API", () => {
  const account = { username: 'motokari', apiKey: 'at-key' };
  let at: FakeAfricasTalking;
  beforeAll(async () => {
    at = await startFakeAfricasTalking(account);
  });
  afterAll(() => at?.close());

  it('posts the form the API asks for, and resolves once the recipient is accepted', async () => {
    await new AfricasTalkingSender({ ...account, senderId: null, baseUrl: at.url }).send('+263771234567', 'Code 123456');
    expect(at.messages.at(-1)).toEqual({ to: '+263771234567', message: 'Code 123456', from: null, username: 'motokari' });
    expect(at.requests.at(-1)!.form).not.toHaveProperty('from');
  });

  it('rejects a refused recipient, a wrong key and an address that is not the API', async () => {
    at.refuseNext();
    await expect(new AfricasTalkingSender({ ...account, senderId: 'MOTOKARI', baseUrl: at.url }).send('+263771234567', 'x')).rejects.toThrow(/InvalidPhoneNumber/);
    await expect(new AfricasTalkingSender({ ...account, apiKey: 'wrong', senderId: null, baseUrl: at.url }).send('+263771234567', 'x')).rejects.toThrow(/401/);
    await expect(new AfricasTalkingSender({ ...account, senderId: null, baseUrl: `${at.url}/elsewhere` }).send('+263771234567', 'x')).rejects.toThrow(/404/);
  });

  it('is configured by AFRICASTALKING_* (both the username and the key, or neither)', () => {
    const base = {};
    const loadConfig = (env: NodeJS.ProcessEnv) => load(env, { dataDir: '/nonexistent', jwtSecret: 'x', vapid: { publicKey: 'p', privateKey: 'k', subject: 's' } });
    expect(loadConfig(base).sms).toBeNull();
    expect(loadConfig({ ...base, AFRICASTALKING_USERNAME: 'sandbox', AFRICASTALKING_API_KEY: 'k', AFRICASTALKING_BASE_URL: 'https://api.sandbox.africastalking.com/' }).sms).toEqual({
      username: 'sandbox',
      apiKey: 'k',
      senderId: null,
      baseUrl: 'https://api.sandbox.africastalking.com',
    });
    expect(loadConfig({ ...base, AFRICASTALKING_USERNAME: 'x', AFRICASTALKING_API_KEY: 'k' }).sms?.baseUrl).toBe('https://api.africastalking.com');
    expect(() => loadConfig({ ...base, AFRICASTALKING_USERNAME: 'sandbox' })).toThrow(ConfigError);
  });
});
