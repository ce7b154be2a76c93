/** A key no fixture or message contains by chance, so a search for it finds only leaks. */
export const TEST_API_KEY = 'msk-Zq7X-leakcheck-4711-b3f9e2';
