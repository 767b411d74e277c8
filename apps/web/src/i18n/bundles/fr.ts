// Every folder's fr messages in one chunk, so choosing the language costs one request.
import type { Messages } from '../index';

const parts = import.meta.glob<Messages>('../../**/locales/fr.json', { eager: true, import: 'default' });
export default Object.assign({}, ...Object.values(parts)) as Messages;
