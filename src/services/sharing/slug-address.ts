import type { ServiceContext } from '../../context/service-context';
import { sql, type SqlStatement } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import { readableBySql } from './shareable-access';
import { SHAREABLE_KINDS, type ShareableKind, type ShareableKindName } from './shareable-kinds';

/** The item an address `u/<username>/<letter>/<slug>` names. */
export interface SlugAddressed {
  kind: ShareableKindName;
  id: number;
}

interface AddressRow {
  id: number;
  readable: boolean;
}

const statements = new Map<ShareableKind, SqlStatement<AddressRow>>();

function statementOf(kind: ShareableKind): SqlStatement<AddressRow> {
  let statement = statements.get(kind);
  if (!statement) {
    statement = sql<AddressRow>(
      `${kind.name}_by_username_and_slug`,
      `select t.id, ${readableBySql('t', kind, { userId: '$3', isAdmin: '$4' })} as readable
       from ${kind.table} t join galaxy_user u on u.id = t.user_id
       where u.username = $1 and t.slug = $2 and not t.deleted
       order by t.id desc limit 1`,
    );
    statements.set(kind, statement);
  }
  return statement;
}

/**
 * The item at the address people keep in papers, wikis and e-mails, `u/<username>/<h|p|v|w>/<slug>`
 * (15.05's `display_by_username_and_slug`): found when it exists and is not deleted, then shown to
 * whoever may read it (its owner, an administrator, anyone for a published or link-accessible item,
 * the users it is shared with) and refused to others, as the platform refused them.
 */
export async function itemAtSlugAddress(ctx: ServiceContext, username: string, letter: string, slug: string): Promise<SlugAddressed> {
  const kind = SHAREABLE_KINDS.find((candidate) => candidate.slugLetter === letter);
  if (!kind) throw errors.notFound(`No item is addressed by u/${username}/${letter}/${slug}.`);
  const row = await ctx.one(statementOf(kind), [username, slug, ctx.caller.userId ?? 0, ctx.caller.isAdmin]);
  if (!row) throw errors.notFound(`No ${kind.slugFallback} is addressed by u/${username}/${letter}/${slug}.`);
  if (!row.readable) throw errors.notAccessible(`This ${kind.slugFallback} is not accessible to you.`);
  return { kind: kind.name, id: row.id };
}
