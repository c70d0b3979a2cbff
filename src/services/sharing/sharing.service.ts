import type { ServiceContext } from '../../context/service-context';
import { sql, type SqlStatement } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import { type OwnedItem, type ShareableKind, type ShareableKindName, shareableKind } from './shareable-kinds';
import { uniqueSlug } from './shareable-slug';
import { shareTargets } from './share-targets';

/**
 * How a kind's own area finds an item the caller owns (or any item, for an administrator), with
 * the kind's errors (not found, malformed id, not owned), so each kind keeps its contract's words.
 */
export type OwnedItemFinder = (ctx: ServiceContext, encodedId: string) => Promise<OwnedItem>;
export type OwnedItemFinders = Readonly<Record<ShareableKindName, OwnedItemFinder>>;

/** What the sharing routes answer (the later platform's sharing status), ids raw. */
export interface SharingStatus {
  /** The item's kind: with the id, what tells statuses of different kinds apart (their ids may be equal). */
  kind: ShareableKindName;
  id: number;
  title: string;
  importable: boolean;
  published: boolean;
  usersSharedWith: Array<{ id: number; email: string }>;
  /** `u/<owner username>/<kind letter>/<slug>`, when the item has both. */
  usernameAndSlug: string | null;
}

export interface ShareResult {
  status: SharingStatus;
  errors: string[];
}

const LINK_ACTIONS = {
  enable_link_access: { importable: 'true', published: 'published' },
  disable_link_access: { importable: 'false', published: 'false' },
  publish: { importable: 'true', published: 'true' },
  unpublish: { importable: 'importable', published: 'false' },
} as const;
export type LinkAction = keyof typeof LINK_ACTIONS;

interface StatusRow {
  id: number;
  title: string | null;
  importable: boolean;
  published: boolean;
  slug: string | null;
  username: string | null;
  usersSharedWith: Array<{ id: number; email: string }>;
}

/** Each kind's statements, written once (on first use) from its descriptor. */
interface KindStatements {
  status: SqlStatement<StatusRow>;
  /** `$1` item, then each action's new flags; answers what the slug rule needs. */
  setFlags: Record<LinkAction, string>;
  setSlug: string;
  share: string;
}

function statementsOf(kind: ShareableKind): KindStatements {
  const t = kind.table;
  const setFlags = Object.fromEntries(
    Object.entries(LINK_ACTIONS).map(([action, flags]) => [
      action,
      // The update time moves only when a flag changes (in SET, columns are the old values).
      `update ${t} set importable = ${flags.importable}, published = ${flags.published},
         update_time = case when (importable, published) is distinct from (${flags.importable}, ${flags.published}) then now() else update_time end
       where id = ? returning user_id as "userId", slug, ${kind.titleColumn} as title, importable, published`,
    ]),
  ) as Record<LinkAction, string>;
  return {
    status: sql<StatusRow>(
      `${kind.name}_sharing_status`,
      `select t.id, t.${kind.titleColumn} as title, t.importable, t.published, t.slug, u.username,
         coalesce((select json_agg(json_build_object('id', su.id, 'email', su.email) order by s.id)
                   from ${kind.shareTable} s join galaxy_user su on su.id = s.user_id where s.${kind.shareItemColumn} = t.id), '[]'::json) as "usersSharedWith"
       from ${t} t left join galaxy_user u on u.id = t.user_id where t.id = $1`,
    ),
    setFlags,
    setSlug: `update ${t} set slug = ? where id = ?`,
    // Exactly these users, in the order given: the others unshared, the new ones added (an existing share stays as it is).
    share: `with wanted as (select user_id, ord from unnest(?::int[]) with ordinality as w(user_id, ord)),
              unshared as (delete from ${kind.shareTable} where ${kind.shareItemColumn} = ? and user_id <> all(?::int[]))
            insert into ${kind.shareTable} (${kind.shareItemColumn}, user_id)
            select ?, w.user_id from wanted w
            where not exists (select 1 from ${kind.shareTable} s where s.${kind.shareItemColumn} = ? and s.user_id = w.user_id)
            order by w.ord
            on conflict do nothing`,
  };
}

/**
 * One sharing model for every shareable kind (histories, pages, visualizations, workflows): link
 * access (`importable`), publishing, and the users an item is shared with. Only the owner or an
 * administrator changes it (each kind's finder decides, with the kind's own errors); who may then
 * see the item is written once, in `shareable-access.ts`.
 */
export class SharingService {
  /** `owners`: for each kind, how its area finds an item the caller owns (or, as an administrator, any). */
  constructor(private readonly owners: OwnedItemFinders) {}

  private readonly statements = new Map<ShareableKind, KindStatements>();

  async status(ctx: ServiceContext, kindName: string, encodedId: string): Promise<SharingStatus> {
    const kind = this.kind(kindName);
    const item = await this.owners[kind.name](ctx, encodedId);
    return this.statusOf(ctx, kind, item.id);
  }

  /** Link access and publishing: publishing implies link access; disabling link access also unpublishes. */
  async setAccess(ctx: ServiceContext, kindName: string, encodedId: string, action: string): Promise<SharingStatus> {
    const kind = this.kind(kindName);
    if (!Object.hasOwn(LINK_ACTIONS, action)) throw errors.invalid(`Unknown sharing action: ${action}`);
    return ctx.em.transactional(async (em) => {
      const item = await this.owners[kind.name](ctx, encodedId);
      const statements = this.statementsOf(kind);
      const [row] = await em.execute<Array<{ userId: number | null; slug: string | null; title: string | null; importable: boolean; published: boolean }>>(
        statements.setFlags[action as LinkAction],
        [item.id],
      );
      // The first time an item is shared it gets a slug (its address `u/<username>/<letter>/<slug>`).
      if (row && !row.slug && row.userId !== null && (row.importable || row.published)) {
        await em.execute(statements.setSlug, [await uniqueSlug(em, kind, row.userId, row.title ?? '', item.id), item.id]);
      }
      return this.statusOf(ctx, kind, item.id);
    });
  }

  /**
   * Shares with exactly the given users (encoded ids or emails), unsharing the others. Values that
   * name no user, and the owner, are reported in `errors`; the rest are still shared.
   */
  async shareWithUsers(ctx: ServiceContext, kindName: string, encodedId: string, values: readonly string[]): Promise<ShareResult> {
    const kind = this.kind(kindName);
    return ctx.em.transactional(async (em) => {
      const item: OwnedItem = await this.owners[kind.name](ctx, encodedId);
      const targets = await shareTargets(ctx, values, item.userId);
      // An array literal, not a JS array: the query builder would spread an array into a list.
      const userIds = `{${targets.userIds.join(',')}}`;
      await em.execute(this.statementsOf(kind).share, [userIds, item.id, userIds, item.id, item.id]);
      return { status: await this.statusOf(ctx, kind, item.id), errors: targets.errors };
    });
  }

  private async statusOf(ctx: ServiceContext, kind: ShareableKind, id: number): Promise<SharingStatus> {
    const row = await ctx.one(this.statementsOf(kind).status, [id]);
    if (!row) throw errors.notFound();
    return {
      kind: kind.name,
      id: row.id,
      title: row.title ?? '',
      importable: row.importable,
      published: row.published,
      usersSharedWith: row.usersSharedWith,
      usernameAndSlug: row.username && row.slug ? `u/${row.username}/${kind.slugLetter}/${row.slug}` : null,
    };
  }

  private kind(name: string): ShareableKind {
    const kind = shareableKind(name);
    if (!kind) throw errors.invalid(`Items of kind ${name} cannot be shared.`);
    return kind;
  }

  private statementsOf(kind: ShareableKind): KindStatements {
    let statements = this.statements.get(kind);
    if (!statements) {
      statements = statementsOf(kind);
      this.statements.set(kind, statements);
    }
    return statements;
  }
}
