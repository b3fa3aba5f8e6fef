// The safety tips shown once before a person's first message (issue 37), in plain words: where to meet,
// which papers to check, the deposit scam and the forged EcoCash confirmation.

export const SAFETY_TIPS = {
  title: 'Stay safe when you buy or sell',
  tips: [
    'Meet in a busy public place in daylight, and bring someone with you.',
    'Check the police clearance and the registration book before you pay anything.',
    'Never pay a deposit before you have seen the vehicle and its papers.',
    'EcoCash confirmations come from EcoCash, not from the seller: check your own balance.',
  ],
} as const;
