import type { Ctx } from './http';
import { decodeId, encodeId, HttpError, requireUser } from './http';

// ---- GET /api/requests: administrators every request (with the owner's email), others their own

interface RequestRow {
  id: number;
  name: string;
  state: string | null;
  email: string;
}

const REQUESTS = `
  select r.id, r.name, u.email,
         (select e.state from request_event e where e.request_id = r.id order by e.id desc limit 1) as state
  from request r join galaxy_user u on u.id = r.user_id
  where not r.deleted and ($1::boolean or r.user_id = $2)
  order by r.id`;

export async function listRequests(ctx: Ctx): Promise<Array<Record<string, unknown>>> {
  const caller = requireUser(ctx);
  const rows = await ctx.sql.rows<RequestRow>(REQUESTS, [caller.isAdmin, caller.userId]);
  return rows.map((row) => {
    const id = encodeId(ctx, row.id);
    const item: Record<string, unknown> = { model_class: 'Request', id, name: row.name, state: row.state };
    if (caller.isAdmin) item.user = row.email;
    item.url = `/api/requests/${id}`;
    return item;
  });
}

// ---- GET /api/requests/{id}/samples: the owner's or an administrator's; "400 text" otherwise

interface SampleRow {
  user_id: number;
  id: number | null;
  name: string | null;
}

const SAMPLES = `
  select r.user_id, s.id, s.name
  from request r left join sample s on s.request_id = r.id
  where r.id = $1
  order by s.id`;

/** The platform's old-style answer: the message as a JSON string. */
const text400 = (message: string) => new HttpError('RequestParameterInvalidException', message, {}, true);

export async function requestSamples(ctx: Ctx, encodedRequestId: string): Promise<Array<Record<string, unknown>>> {
  const caller = requireUser(ctx);
  const requestId = decodeId(ctx, encodedRequestId, (value) => text400(`Malformed request id ( ${value} ) specified, unable to decode.`));
  const rows = await ctx.sql.rows<SampleRow>(SAMPLES, [requestId]);
  if (rows.length === 0 || !(caller.isAdmin || rows[0].user_id === caller.userId)) throw text400(`Invalid request id ( ${requestId} ) specified.`);
  return rows.flatMap((row) => {
    if (row.id === null) return [];
    const id = encodeId(ctx, row.id);
    return [{ model_class: 'Sample', id, name: row.name, url: `/api/samples/${id}` }];
  });
}
