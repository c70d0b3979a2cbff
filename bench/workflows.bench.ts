import { BENCH_ADMIN, type BenchPlatform, type Figures, measure, startBenchPlatform } from './harness';
import { seedUser } from './seed/accounts';

export interface WorkflowSizes {
  /** Stored workflows of the user, each with one version. */
  workflows: number;
  /** Steps of each workflow: one input, then tool steps each reading the one before. */
  steps: number;
  /** Jobs of the one invocation measured (a step mapped over a collection of this many elements). */
  invocationJobs: number;
}

interface Seeded {
  key: string;
  workflowId: string;
  invocationId: string;
}

/** Set-based SQL: N workflows of S steps, and one invocation whose mapped step made J jobs. */
async function seed(bench: BenchPlatform, sizes: WorkflowSizes): Promise<Seeded> {
  const user = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
  const { key } = user;
  await bench.sql(
    `insert into stored_workflow (create_time, update_time, user_id, name, importable, published, deleted)
     select now(), now() - (g * interval '1 second'), ?, 'workflow ' || g, false, g % 10 = 0, false from generate_series(1, ?) g`,
    [user.id, sizes.workflows],
  );
  await bench.sql(
    `insert into workflow (create_time, update_time, stored_workflow_id, name, uuid, has_cycles, has_errors)
     select now(), now(), w.id, w.name, gen_random_uuid(), false, false from stored_workflow w order by w.id`,
  );
  await bench.sql('update stored_workflow w set latest_workflow_id = v.id from workflow v where v.stored_workflow_id = w.id');
  await bench.sql(
    `insert into workflow_step (create_time, update_time, workflow_id, order_index, type, tool_id, tool_version, tool_inputs, uuid, input_connections, post_job_actions, workflow_outputs)
     select now(), now(), v.id, s,
       case when s = 0 then 'data_input' else 'tool' end,
       case when s = 0 then null else 'Show beginning1' end,
       case when s = 0 then null else '1.0.0' end,
       case when s = 0 then '{"name": "input"}'::jsonb else '{"input": null, "lineNum": "10"}'::jsonb end,
       gen_random_uuid(),
       case when s = 0 then '{}'::jsonb else jsonb_build_object('input', jsonb_build_array(jsonb_build_object('stepIndex', s - 1, 'outputName', case when s = 1 then 'output' else 'out_file1' end))) end,
       '[]'::jsonb, '[]'::jsonb
     from workflow v cross join generate_series(0, ?) s`,
    [sizes.steps - 1],
  );
  const [{ id: workflowId, version }] = await bench.sql<{ id: number; version: number }>('select min(id) as id, min(latest_workflow_id) as version from stored_workflow');
  const [{ id: historyId }] = await bench.sql<{ id: number }>(
    "insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published) values (now(), now(), ?, 'runs', 1, false, false, false, false) returning id",
    [user.id],
  );
  const [{ id: invocationId }] = await bench.sql<{ id: number }>(
    `insert into workflow_invocation (create_time, update_time, workflow_id, history_id, user_id, state, uuid, request)
     values (now(), now(), ?, ?, ?, 'scheduled', gen_random_uuid(), '{"inputs": {}, "stepParameters": {}, "replacementParams": {}}') returning id`,
    [version, historyId, user.id],
  );
  await bench.sql(
    `insert into workflow_invocation_step (create_time, update_time, invocation_id, workflow_step_id, state, outputs)
     select now(), now(), ?, s.id, 'scheduled', '{}'::jsonb from workflow_step s where s.workflow_id = ? order by s.order_index`,
    [invocationId, version],
  );
  await bench.sql(
    `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params, stdout, stderr, attempts, exit_code)
     select now(), now(), ?, ?, 'Show beginning1', '1.0.0', 'ok', '{}'::jsonb, '', '', 1, 0 from generate_series(1, ?) g`,
    [user.id, historyId, sizes.invocationJobs],
  );
  await bench.sql(
    `insert into workflow_invocation_step_job (invocation_step_id, job_id)
     select (select s.id from workflow_invocation_step s join workflow_step ws on ws.id = s.workflow_step_id where s.invocation_id = ? and ws.order_index = 1), j.id from job j`,
    [invocationId],
  );
  return { key, workflowId: bench.encodeId(workflowId), invocationId: bench.encodeId(invocationId) };
}

export async function benchWorkflows(sizes: WorkflowSizes): Promise<Figures[]> {
  const bench = await startBenchPlatform();
  try {
    const { key, workflowId, invocationId } = await seed(bench, sizes);
    const gql = (query: string) => JSON.stringify({ query });
    const steps = sizes.workflows * sizes.steps;
    const targets = [
      { rows: sizes.workflows, label: 'REST GET /api/workflows', path: '/api/workflows' },
      {
        rows: steps,
        label: 'GraphQL workflows { steps { connections } }',
        path: '/graphql',
        method: 'POST' as const,
        body: gql('{ workflows { id name owner tags steps { orderIndex type toolId inputConnections { inputName stepIndex } } } }'),
      },
      { rows: sizes.steps, label: 'REST GET /api/workflows/{id}', path: `/api/workflows/${workflowId}` },
      { rows: sizes.steps, label: 'REST GET /api/workflows/{id}/download', path: `/api/workflows/${workflowId}/download` },
      { rows: sizes.invocationJobs, label: 'REST GET …/invocations/{id}', path: `/api/workflows/${workflowId}/invocations/${invocationId}` },
      {
        rows: sizes.invocationJobs,
        label: 'GraphQL workflowInvocation { steps { jobs } }',
        path: '/graphql',
        method: 'POST' as const,
        body: gql(`{ workflowInvocation(id: "${invocationId}") { id state steps { orderIndex jobs { id state toolId } } } }`),
      },
    ];
    const figures: Figures[] = [];
    for (const target of targets) figures.push(await measure(bench, target, key, target.rows));
    return figures;
  } finally {
    await bench.stop();
  }
}
