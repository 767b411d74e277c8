import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useI18n } from './src/i18n';

// Components read their texts through the translation layer: load the English messages.
beforeAll(async () => {
  await useI18n.getState().setLocale('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
