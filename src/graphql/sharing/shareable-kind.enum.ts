import { registerEnumType } from 'type-graphql';
import { SHAREABLE_KINDS } from '../../services/sharing';

/** HISTORIES -> 'histories', …: one value per registered shareable kind (a new kind joins by its descriptor). */
export const ShareableKindEnum: Record<string, string> = Object.fromEntries(SHAREABLE_KINDS.map((kind) => [kind.name.toUpperCase(), kind.name]));

registerEnumType(ShareableKindEnum, { name: 'ShareableKind', description: 'The kinds of item that can be shared by link, published and shared with users.' });
