// The "Data on this device" screen (/data): its address, which every screen's menu links to. Its words
// are in dataScreenTexts.ts, loaded with the screen.

export const DATA_SCREEN_PATH = '/data';
