import { useI18n, type Messages } from '../../i18n';

/** A category's name in the language of `messages`, or the name itself. */
export const categoryLabel = (messages: Messages, name: string) => messages[`category.${name}`] ?? name;

/**
 * Category and subcategory names come from the server in English (they are data, and filters
 * use them); the web app shows them in the chosen language, falling back to the name itself.
 */
export function useCategoryLabel(): (name: string) => string {
  const messages = useI18n((s) => s.messages);
  return (name: string) => categoryLabel(messages, name);
}
