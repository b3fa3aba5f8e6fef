// The safety tips shown once before a person's first message (issue 37), in plain words: where to meet,
// which papers to check, the deposit scam and the forged EcoCash confirmation.

export const SAFETY_TIPS = {
  title: /*i18n*/ 'Stay safe when you buy or sell',
  tips: [
    /*i18n*/ 'Meet in a busy public place in daylight, and bring someone with you.',
    /*i18n*/ 'Check the police clearance and the registration book before you pay anything.',
    /*i18n*/ 'Never pay a deposit before you have seen the vehicle and its papers.',
    /*i18n*/ 'EcoCash confirmations come from EcoCash, not from the seller: check your own balance.',
  ],
} as const;
