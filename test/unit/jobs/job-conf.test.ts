import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/app-config';
import {
  defaultJobConfig,
  destinationFor,
  destinationLimitsFor,
  envStatement,
  JobConfigError,
  type JobConfig,
  loadJobConfig,
  nativeSpecificationArgs,
  parseJobConf,
} from '../../../src/jobs/job-conf';

/** The platform's `config/job_conf.xml.sample_basic` (release 15.05): its default written out. */
const BASIC_SAMPLE = `<?xml version="1.0"?>
<!-- A sample job config that explicitly configures job running the way it is configured by default (if there is no explicit config). -->
<job_conf>
    <plugins>
        <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner" workers="4"/>
    </plugins>
    <handlers>
        <handler id="main"/>
    </handlers>
    <destinations>
        <destination id="local" runner="local"/>
    </destinations>
</job_conf>
`;

/** A facility's configuration: local jobs by default, some tools on the cluster. */
const CLUSTER_CONF = `<?xml version="1.0"?>
<job_conf>
    <plugins workers="3">
        <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner" workers="2"/>
        <plugin id="slurm" type="runner" load="galaxy.jobs.runners.slurm:SlurmJobRunner">
            <param id="drmaa_library_path">/usr/lib/slurm-drmaa/lib/libdrmaa.so</param>
        </plugin>
    </plugins>
    <handlers default="handlers">
        <handler id="handler0" tags="handlers"/>
        <handler id="handler1" tags="handlers"/>
    </handlers>
    <destinations default="local">
        <destination id="local" runner="local"/>
        <destination id="slurm_short" runner="slurm" tags="cluster">
            <param id="nativeSpecification">--partition=debug --mem=100 -c 2 --time=00:05:00 --account=x</param>
            <param id="local_slots">2</param>
            <env id="_JAVA_OPTIONS">-Xmx=6GB</env>
            <env id="ANOTHER_OPTION" raw="true">'5'</env>
            <env file="/mnt/cluster/environment_setup.sh" />
            <env exec="module load javastuff/2.10" />
        </destination>
        <destination id="slurm_long" runner="slurm" tags="cluster,longjobs">
            <param id="nativeSpecification">
                --partition=long --time=72:00:00 --comment="two words"
            </param>
        </destination>
    </destinations>
    <tools>
        <tool id="bwa_mem" destination="slurm_short"/>
        <tool id="Cat1" destination="slurm_long" handler="handler1"/>
        <tool id="toolshed.example.org/repos/devteam/bowtie2/bowtie2/" destination="cluster"/>
        <tool id="sort1" destination="slurm_long">
            <param id="source">trackster</param>
        </tool>
    </tools>
    <limits>
        <limit type="registered_user_concurrent_jobs">4</limit>
        <limit type="anonymous_user_concurrent_jobs">1</limit>
        <limit type="destination_user_concurrent_jobs" id="local">2</limit>
        <limit type="destination_user_concurrent_jobs" tag="cluster">3</limit>
        <limit type="concurrent_jobs" tag="longjobs">1</limit>
        <limit type="destination_total_concurrent_jobs" id="slurm_short">20</limit>
        <limit type="destination_total_concurrent_jobs" id="slurm_short">30</limit>
        <limit type="walltime">24:30:15</limit>
    </limits>
</job_conf>
`;

/** A job_conf.xml with one local and one Slurm plugin, the given destinations and more sections. */
const conf = (destinations: string, rest = '', destinationsAttrs = 'default="local"') => `<job_conf>
  <plugins>
    <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"/>
    <plugin id="slurm" type="runner" load="galaxy.jobs.runners.slurm:SlurmJobRunner"/>
  </plugins>
  <destinations ${destinationsAttrs}>
${destinations}
  </destinations>
${rest}
</job_conf>`;

const LOCAL_AND_SLURM = `    <destination id="local" runner="local"/>
    <destination id="cluster" runner="slurm"><param id="nativeSpecification">--partition=debug</param></destination>`;

const parse = (text: string, env: Record<string, string> = {}) => parseJobConf(text, 'job_conf.xml', { env });

/** The JobConfigError a text is refused with. */
function refusal(text: string): JobConfigError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof JobConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe("job_conf.xml: the platform's basic sample is read as the platform reads it", () => {
  const config = parse(BASIC_SAMPLE);

  it('has the local runner plugin with its workers, and the one destination as the default', () => {
    expect(config.plugins).toEqual([{ id: 'local', kind: 'local', workers: 4, params: {} }]);
    expect(config.destinations).toEqual([{ id: 'local', pluginId: 'local', kind: 'local', tags: [], nativeSpecification: null, params: {}, env: [], resubmit: [] }]);
    expect(config.defaultDestinationId).toBe('local');
    expect(config.uploadDestinationId).toBe('local');
    expect(config.toolDestinations).toEqual({});
    expect(config.limits).toEqual(defaultJobConfig().limits);
    expect(config.source).toBe('job_conf.xml');
  });

  it('reads <handlers> and says they have no effect', () => {
    expect(config.notices).toEqual(['<handlers> (main) has no effect: every server process takes jobs from the database and runs every plugin']);
  });

  it('is the built-in configuration without JOB_CONFIG_FILE, but for its workers', () => {
    const builtIn = defaultJobConfig(4);
    expect({ ...config, source: null, notices: [] }).toEqual(builtIn);
    expect(defaultJobConfig().plugins[0].workers).toBeNull();
  });
});

describe('job_conf.xml: a local and a Slurm destination, tags, tool mappings, env, params and limits', () => {
  const config = parse(CLUSTER_CONF);
  const destination = (id: string) => config.destinations.find((candidate) => candidate.id === id);

  it('keeps each plugin with its kind, its workers (or those of <plugins>) and its params', () => {
    expect(config.plugins).toEqual([
      { id: 'local', kind: 'local', workers: 2, params: {} },
      { id: 'slurm', kind: 'slurm', workers: 3, params: { drmaa_library_path: '/usr/lib/slurm-drmaa/lib/libdrmaa.so' } },
    ]);
  });

  it('keeps a Slurm destination with its tags, native specification, params and env statements in order', () => {
    expect(destination('slurm_short')).toEqual({
      id: 'slurm_short',
      pluginId: 'slurm',
      kind: 'slurm',
      tags: ['cluster'],
      nativeSpecification: '--partition=debug --mem=100 -c 2 --time=00:05:00 --account=x',
      params: { nativeSpecification: '--partition=debug --mem=100 -c 2 --time=00:05:00 --account=x', local_slots: '2' },
      env: [
        { name: '_JAVA_OPTIONS', value: '-Xmx=6GB', raw: false },
        { name: 'ANOTHER_OPTION', value: "'5'", raw: true },
        { file: '/mnt/cluster/environment_setup.sh', raw: false },
        { exec: 'module load javastuff/2.10' },
      ],
      resubmit: [],
    });
    expect(destination('slurm_long')?.tags).toEqual(['cluster', 'longjobs']);
    expect(nativeSpecificationArgs(destination('slurm_long')?.nativeSpecification ?? '')).toEqual(['--partition=long', '--time=72:00:00', '--comment=two words']);
  });

  it('keys tool mappings as the platform does (lower case, no trailing slash) and resolves a tag to its first destination', () => {
    expect(config.toolDestinations).toEqual({
      bwa_mem: 'slurm_short',
      cat1: 'slurm_long',
      'toolshed.example.org/repos/devteam/bowtie2/bowtie2': 'slurm_short',
      sort1: 'local',
    });
    expect(config.defaultDestinationId).toBe('local');
  });

  it('keeps the limits, a tag limit counting all of its destinations together, a later limit replacing an earlier one', () => {
    expect(config.limits).toEqual({
      registeredUserConcurrentJobs: 4,
      anonymousUserConcurrentJobs: 1,
      destinationUserConcurrentJobs: [
        { by: 'id', name: 'local', destinationIds: ['local'], limit: 2 },
        { by: 'tag', name: 'cluster', destinationIds: ['slurm_short', 'slurm_long'], limit: 3 },
        { by: 'tag', name: 'longjobs', destinationIds: ['slurm_long'], limit: 1 },
      ],
      destinationTotalConcurrentJobs: [{ by: 'id', name: 'slurm_short', destinationIds: ['slurm_short'], limit: 30 }],
      walltimeSeconds: 24 * 3600 + 30 * 60 + 15,
    });
    expect(destinationLimitsFor(config.limits.destinationUserConcurrentJobs, 'slurm_long').map((limit) => limit.name)).toEqual(['cluster', 'longjobs']);
    expect(destinationLimitsFor(config.limits.destinationUserConcurrentJobs, 'local').map((limit) => limit.name)).toEqual(['local']);
  });

  it('says, one line each, what it read without effect', () => {
    expect(config.notices).toEqual([
      '<handlers> (handler0, handler1) has no effect: every server process takes jobs from the database and runs every plugin',
      "destination of tool 'toolshed.example.org/repos/devteam/bowtie2/bowtie2/' 'cluster' is a tag of several destinations (slurm_short, slurm_long): jobs go to the first, 'slurm_short'",
      "tool 'sort1': the mapping for jobs with parameters source=trackster never applies (no job here carries job parameters)",
      'tool handlers (Cat1 → handler1) have no effect: every server process takes jobs from the database',
    ]);
  });
});

describe('destinationFor: where a job of a tool goes', () => {
  const config = parse(CLUSTER_CONF);
  const guid = 'toolshed.example.org/repos/devteam/bowtie2/bowtie2/2.2.6';

  it('sends a mapped tool to its destination and any other tool to the default', () => {
    expect(destinationFor(config, 'bwa_mem').id).toBe('slurm_short');
    expect(destinationFor(config, 'cat1').id).toBe('slurm_long');
    expect(destinationFor(config, 'Cat1').id).toBe('slurm_long');
    expect(destinationFor(config, 'BWA_MEM').id).toBe('slurm_short');
    expect(destinationFor(config, 'wc_gnu').id).toBe('local');
  });

  it('finds an installed tool by its guid, its guid without version, then its short id', () => {
    expect(destinationFor(config, guid).id).toBe('slurm_short');
    const byGuid = parse(
      conf(LOCAL_AND_SLURM, `<tools><tool id="bowtie2" destination="local"/><tool id="${guid}" destination="cluster"/></tools>`),
    );
    expect(destinationFor(byGuid, guid).id).toBe('cluster');
    expect(destinationFor(byGuid, 'toolshed.example.org/repos/devteam/bowtie2/bowtie2/2.3.0').id).toBe('local');
    expect(destinationFor(byGuid, 'toolshed.example.org/repos/other/tools/bowtie2/1.0').id).toBe('local');
  });

  it('keeps a tool whose only mapping is for jobs with parameters on the default destination', () => {
    expect(destinationFor(config, 'sort1').id).toBe('local');
  });

  it('keeps the first of two mappings of a tool', () => {
    const twice = parse(conf(LOCAL_AND_SLURM, '<tools><tool id="cat1" destination="cluster"/><tool id="CAT1" destination="local"/></tools>'));
    expect(destinationFor(twice, 'cat1').id).toBe('cluster');
    expect(twice.notices).toContain("tool 'CAT1' is mapped more than once: the first mapping applies");
  });

  it('sends a tool with a handler but no destination to the default', () => {
    const handlerOnly = parse(conf(LOCAL_AND_SLURM, '<tools><tool id="cat1" handler="main"/></tools>', 'default="cluster"'));
    expect(destinationFor(handlerOnly, 'cat1').id).toBe('cluster');
  });

  it('sends a tool mapped to a tag, and the default when it is a tag, to the first destination with the tag', () => {
    const tagged = parse(
      conf(
        `    <destination id="local" runner="local" tags="here"/>
    <destination id="big" runner="slurm" tags="cluster"/>
    <destination id="small" runner="slurm" tags="cluster"/>`,
        '<tools><tool id="cat1" destination="cluster"/></tools>',
        'default="here"',
      ),
    );
    expect(tagged.defaultDestinationId).toBe('local');
    expect(destinationFor(tagged, 'cat1').id).toBe('big');
  });

  it('keeps uploads local when the default destination is Slurm', () => {
    const slurmDefault = parse(conf(LOCAL_AND_SLURM, '', 'default="cluster"'));
    expect(destinationFor(slurmDefault, 'cat1').id).toBe('cluster');
    expect(destinationFor(slurmDefault, 'upload1').id).toBe('local');
  });

  it('sends uploads where upload1 is mapped explicitly', () => {
    const mapped = parse(conf(LOCAL_AND_SLURM, '<tools><tool id="upload1" destination="cluster"/></tools>'));
    expect(destinationFor(mapped, 'upload1').id).toBe('cluster');
  });

  it('adds a local destination for uploads when every destination is on Slurm', () => {
    const slurmOnly = parse(`<job_conf>
  <plugins><plugin id="slurm" type="runner" load="galaxy.jobs.runners.slurm:SlurmJobRunner"/></plugins>
  <destinations><destination id="local" runner="slurm"/></destinations>
</job_conf>`);
    const upload = destinationFor(slurmOnly, 'upload1');
    expect(upload).toEqual({ id: 'local_2', pluginId: 'local', kind: 'local', tags: [], nativeSpecification: null, params: {}, env: [], resubmit: [] });
    expect(slurmOnly.plugins.map((plugin) => [plugin.id, plugin.kind])).toEqual([
      ['slurm', 'slurm'],
      ['local', 'local'],
    ]);
    expect(destinationFor(slurmOnly, 'cat1').id).toBe('local');
    expect(slurmOnly.notices).toContain("no local destination: uploads (upload1) run on an added local destination 'local_2'");
  });

  it('treats tool ids such as __proto__ as plain names', () => {
    const odd = parse(conf(LOCAL_AND_SLURM, '<tools><tool id="__proto__" destination="cluster"/></tools>'));
    expect(destinationFor(odd, '__proto__').id).toBe('cluster');
    expect(destinationFor(odd, 'constructor').id).toBe('local');
  });
});

/** 15.05's advanced sample's resubmit destinations (config/job_conf.xml.sample_advanced), on this platform's runners. */
const RESUBMIT_CONF = conf(`    <destination id="local" runner="local"/>
    <destination id="short_fast" runner="slurm">
      <param id="nativeSpecification">--time=00:05:00 --nodes=1</param>
      <resubmit condition="walltime_reached" destination="long_slow" handler="sge_handler" />
    </destination>
    <destination id="smallmem" runner="slurm">
      <param id="nativeSpecification">--mem-per-cpu=512</param>
      <resubmit condition="memory_limit_reached" destination="bigmem" />
      <resubmit destination="local" />
    </destination>
    <destination id="long_slow" runner="slurm"><param id="nativeSpecification">--time=96:00:00</param></destination>
    <destination id="big_a" runner="slurm" tags="bigmem"/>
    <destination id="big_b" runner="slurm" tags="bigmem"/>`);

describe('job_conf.xml: <resubmit> rules of a destination', () => {
  const config = parse(RESUBMIT_CONF);
  const rules = (id: string) => config.destinations.find((destination) => destination.id === id)?.resubmit;

  it('keeps them in file order with their condition (null: either), a later destination or a tag resolved to its first destination', () => {
    expect(rules('short_fast')).toEqual([{ condition: 'walltime_reached', destinationId: 'long_slow' }]);
    expect(rules('smallmem')).toEqual([
      { condition: 'memory_limit_reached', destinationId: 'big_a' },
      { condition: null, destinationId: 'local' },
    ]);
    expect(rules('local')).toEqual([]);
  });

  it('reads a handler and says it has no effect, as a tag of several destinations', () => {
    expect(config.notices).toContain('<resubmit> handlers (short_fast → sge_handler) have no effect: every server process takes jobs from the database');
    expect(config.notices).toContain("the <resubmit> destination of destination 'smallmem' 'bigmem' is a tag of several destinations (big_a, big_b): jobs go to the first, 'big_a'");
  });

  it('says a memory rule of a local destination never applies', () => {
    const local = parse(conf('    <destination id="local" runner="local"><resubmit condition="memory_limit_reached" destination="cluster"/></destination>\n    <destination id="cluster" runner="slurm"/>'));
    expect(local.destinations[0].resubmit).toEqual([{ condition: 'memory_limit_reached', destinationId: 'cluster' }]);
    expect(local.notices).toContain('destination \'local\': <resubmit condition="memory_limit_reached"> never applies, the local runner sets no memory limit');
  });

  const refused: Array<[string, string, RegExp, number]> = [
    ['a destination that is neither an id nor a tag', conf('    <destination id="local" runner="local">\n      <resubmit destination="nowhere"/>\n    </destination>'), /the <resubmit> destination of destination 'local' 'nowhere' is neither a destination id nor a tag of <destinations> \(ids: local\)/, 8],
    ['an unknown condition', conf('    <destination id="local" runner="local">\n      <resubmit condition="output_size_reached" destination="local"/>\n    </destination>'), /<resubmit condition="output_size_reached"> of destination 'local': the condition is memory_limit_reached or walltime_reached$/, 8],
    ['two conditions in one', conf('    <destination id="local" runner="local">\n\n      <resubmit condition="walltime_reached|memory_limit_reached" destination="local"/>\n    </destination>'), /the condition is memory_limit_reached or walltime_reached: a <resubmit> names one condition \(write one <resubmit> per condition, or leave condition out for both\)/, 9],
    ['no destination', conf('    <destination id="local" runner="local"><resubmit condition="walltime_reached"/></destination>'), /<resubmit> needs the 'destination' attribute/, 7],
    ['an unknown attribute', conf('    <destination id="local" runner="local"><resubmit destination="local" after="2"/></destination>'), /<resubmit> has an attribute 'after' that job_conf.xml does not define here \(allowed: condition, destination, handler\)/, 7],
  ];

  it.each(refused)('refuses %s, naming the line', (_name, text, message, line) => {
    const error = refusal(text);
    expect(error.message).toMatch(message);
    expect(error.line).toBe(line);
  });
});

describe('job_conf.xml: what is not supported is refused with the element, the line and why', () => {
  const cases: Array<[string, string, RegExp, number | null]> = [
    [
      'a PBS runner plugin',
      conf(LOCAL_AND_SLURM).replace('</plugins>', '<plugin id="pbs" type="runner" load="galaxy.jobs.runners.pbs:PBSJobRunner"/>\n  </plugins>'),
      /runner plugin 'pbs' \(galaxy\.jobs\.runners\.pbs:PBSJobRunner\) is not supported: this platform runs jobs locally or on Slurm/,
      5,
    ],
    ['a DRMAA runner plugin', '<job_conf><plugins><plugin id="drmaa" type="runner" load="galaxy.jobs.runners.drmaa:DRMAAJobRunner"/></plugins></job_conf>', /runner plugin 'drmaa' \(galaxy\.jobs\.runners\.drmaa:DRMAAJobRunner\) is not supported/, 1],
    ['a Pulsar runner plugin', '<job_conf><plugins><plugin id="p" type="runner" load="galaxy.jobs.runners.pulsar:PulsarRESTJobRunner"/></plugins></job_conf>', /runner plugin 'p' .* is not supported/, 1],
    ['the CLI runner', '<job_conf><plugins><plugin id="cli" type="runner" load="galaxy.jobs.runners.cli:ShellJobRunner"/></plugins></job_conf>', /'cli' .* is not supported/, 1],
    ['the dynamic runner', '<job_conf><plugins><plugin id="dynamic" type="runner"><param id="rules_module">galaxy.jobs.rules</param></plugin></plugins></job_conf>', /runner plugin 'dynamic' \(dynamic destination rules\) is not supported/, 1],
    ['a plugin without load', '<job_conf><plugins><plugin id="x" type="runner"/></plugins></job_conf>', /runner plugin 'x' needs a 'load' attribute/, 1],
    ['a plugin of another type', '<job_conf><plugins><plugin id="m" type="jobmetrics" load="x"/></plugins></job_conf>', /plugin 'm' has type "jobmetrics": job_conf.xml plugins are runners/, 1],
    ['workers that are not a number', '<job_conf><plugins workers="many"/></job_conf>', /workers of <plugins> must be a positive integer, not "many"/, 1],
    ['a plugin defined twice', conf(LOCAL_AND_SLURM).replace('</plugins>', '<plugin id="local" type="runner" load="local"/></plugins>'), /plugin id 'local' is defined twice/, 5],
    ['a missing <destinations>', '<job_conf><plugins/></job_conf>', /job_conf.xml: job_conf.xml has no <destinations>/, null],
    ['a destination naming no plugin', conf('    <destination id="local" runner="pbs"/>'), /destination 'local' names runner 'pbs', which no <plugin> of <plugins> defines \(defined: local, slurm\)/, 7],
    [
      'a destination naming no plugin, its line counted past comments, CDATA and declarations',
      `<?xml version="1.0"?>\n<!-- <destination id="commented" runner="x"/>\n -->\n${conf('    <destination id="local" runner="local"><param id="a"><![CDATA[<b>\n</b>]]></param></destination>\n    <destination id="far" runner="pbs"/>')}`,
      /destination 'far' names runner 'pbs'/,
      12,
    ],
    ['a destination without runner', conf('    <destination id="local"/>'), /<destination id="local"> needs the 'runner' attribute/, 7],
    ['a destination defined twice', conf(`${LOCAL_AND_SLURM}\n    <destination id="cluster" runner="local"/>`), /destination id 'cluster' is defined twice/, 9],
    ['a default naming nothing', conf(LOCAL_AND_SLURM, '', 'default="nowhere"'), /the default destination 'nowhere' is neither a destination id nor a tag of <destinations> \(ids: local, cluster\)/, 6],
    ['several destinations and no default', conf(LOCAL_AND_SLURM, '', ''), /<destinations> has several destinations and no default attribute/, 6],
    ['a tag that is also a destination id', conf('    <destination id="local" runner="local" tags="cluster"/>\n    <destination id="cluster" runner="slurm"/>'), /the tag 'cluster', which is also a destination id/, 6],
    ['a nativeSpecification with an unbalanced quote', conf('    <destination id="local" runner="slurm">\n      <param id="nativeSpecification">--comment="a b</param>\n    </destination>'), /nativeSpecification of destination 'local': unbalanced double quote at character 11/, 8],
    ['a nativeSpecification not starting with an option', conf('    <destination id="local" runner="slurm"><param id="nativeSpecification">debug -c 2</param></destination>'), /must start with an sbatch option \(such as --partition=…\), not "debug"/, 7],
    ['a nativeSpecification on a local destination', conf('    <destination id="local" runner="local"><param id="nativeSpecification">-c 2</param></destination>'), /runs on the local runner 'local': only Slurm destinations take a nativeSpecification/, 7],
    ['Docker', conf('    <destination id="local" runner="local"><param id="docker_enabled">true</param></destination>'), /destination 'local' sets docker_enabled: running jobs in Docker containers is not supported/, 7],
    ['a param from galaxy.ini', conf('    <destination id="local" runner="local"><param id="docker_enabled" from_config="use_docker">false</param></destination>'), /from_config="use_docker" reads the platform's galaxy.ini/, 7],
    ['an <env> with both a name and a file', conf('    <destination id="local" runner="local"><env id="X" file="/x.sh">1</env></destination>'), /needs exactly one of id="NAME" .* not id and file/, 7],
    ['an <env> name that is not a variable', conf('    <destination id="local" runner="local"><env id="A;B">1</env></destination>'), /<env id="A;B"> of destination 'local': a variable name/, 7],
    ['<resources>', `<job_conf>\n<resources default="default"><group id="default"/></resources>\n</job_conf>`, /<resources> in <job_conf>: job resource parameters \(<resources>\) are not supported/, 2],
    ['a tool with resources', conf(LOCAL_AND_SLURM, '<tools>\n<tool id="cat1" destination="local" resources="all"/></tools>'), /tool 'cat1' has resources="all": job resource parameters are not supported/, 11],
    ['a tool mapped to nothing', conf(LOCAL_AND_SLURM, '<tools><tool id="cat1" destination="bigmem"/></tools>'), /destination of tool 'cat1' 'bigmem' is neither a destination id nor a tag/, 10],
    ['a tool without id', conf(LOCAL_AND_SLURM, '<tools><tool destination="local"/></tools>'), /<tool> needs the 'id' attribute/, 10],
    ['an output_size limit', conf(LOCAL_AND_SLURM, '<limits>\n<limit type="output_size">10GB</limit></limits>'), /<limit type="output_size">: limiting the size of outputs while a job runs is not supported/, 11],
    ['an unknown limit', conf(LOCAL_AND_SLURM, '<limits><limit type="jobs_per_hour">3</limit></limits>'), /<limit type="jobs_per_hour">: it is not a limit type of job_conf.xml/, 10],
    ['a limit naming no destination', conf(LOCAL_AND_SLURM, '<limits><limit type="destination_total_concurrent_jobs" id="pbs">3</limit></limits>'), /names destination 'pbs', which <destinations> does not define/, 10],
    ['a limit naming no tag', conf(LOCAL_AND_SLURM, '<limits><limit type="destination_user_concurrent_jobs" tag="big">3</limit></limits>'), /names tag 'big', which no destination has/, 10],
    ['a limit with both id and tag', conf(LOCAL_AND_SLURM, '<limits><limit type="destination_user_concurrent_jobs" id="local" tag="x">3</limit></limits>'), /needs either id="…" \(a destination\) or tag="…" .*, not both/, 10],
    ['a limit of zero', conf(LOCAL_AND_SLURM, '<limits><limit type="registered_user_concurrent_jobs">0</limit></limits>'), /the registered_user_concurrent_jobs limit must be a positive integer, not "0"/, 10],
    ['a walltime not written HH:MM:SS', conf(LOCAL_AND_SLURM, '<limits><limit type="walltime">1 day</limit></limits>'), /the walltime limit must be a positive duration written HH:MM:SS/, 10],
    ['an unknown element', conf(LOCAL_AND_SLURM, '<tool id="cat1"/>'), /<tool id="cat1"> in <job_conf>: job_conf.xml does not define <tool> here/, 10],
    ['an unknown attribute', conf('    <destination id="local" runner="local" runnner="slurm"/>'), /<destination id="local"> has an attribute 'runnner' that job_conf.xml does not define here/, 7],
    ['a section twice', `${conf(LOCAL_AND_SLURM)}`.replace('</job_conf>', '<limits/>\n<limits/>\n</job_conf>'), /<limits> appears more than once/, 12],
    ['another root element', '<tool_conf/>', /the root element is <tool_conf>; a job configuration is a <job_conf> document/, 1],
    ['malformed XML', '<job_conf><plugins></job_conf>', /^job_conf.xml: malformed XML at line 1/, null],
    ['a document type declaration', '<!DOCTYPE job_conf [<!ENTITY x "y">]><job_conf/>', /document type declaration/, null],
  ];

  it.each(cases)('refuses %s', (_name, text, message, line) => {
    const error = refusal(text);
    expect(error.message).toMatch(message);
    expect(error.line).toBe(line);
    if (line !== null) expect(error.message.startsWith(`job_conf.xml, line ${line}: `)).toBe(true);
  });
});

describe('job_conf.xml: params as the platform reads them', () => {
  it('takes a from_environ param from the environment when the variable is set, its text otherwise', () => {
    const text = conf('    <destination id="local" runner="slurm"><param id="nativeSpecification" from_environ="NATIVE_SPEC">--time=00:05:00</param></destination>');
    expect(parse(text, { NATIVE_SPEC: '--partition=gpu' }).destinations[0].nativeSpecification).toBe('--partition=gpu');
    expect(parse(text).destinations[0].nativeSpecification).toBe('--time=00:05:00');
  });

  it('keeps the last of two params of the same id', () => {
    const config = parse(conf('    <destination id="local" runner="local"><param id="local_slots">2</param><param id="local_slots">4</param></destination>'));
    expect(config.destinations[0].params).toEqual({ local_slots: '4' });
  });

  it('accepts the short load names of the local and Slurm runners', () => {
    const config = parse('<job_conf><plugins><plugin id="a" type="runner" load="local"/><plugin id="b" type="runner" load="galaxy.jobs.runners.slurm"/></plugins><destinations><destination id="d" runner="b"/></destinations></job_conf>');
    expect(config.plugins.map((plugin) => plugin.kind)).toEqual(['local', 'slurm']);
    expect(config.defaultDestinationId).toBe('d');
  });

  it('reads per-destination job metrics and says they have no effect', () => {
    const config = parse(conf('    <destination id="local" runner="local"><job_metrics/></destination>'));
    expect(config.notices).toContain("destination 'local': its own job metrics configuration has no effect; every job records the same metrics");
  });
});

describe('nativeSpecificationArgs: sbatch arguments without a shell', () => {
  it('splits on whitespace', () => {
    expect(nativeSpecificationArgs('  --partition=debug --mem=100\n\t-c 2 --time=00:05:00 --account=x ')).toEqual(['--partition=debug', '--mem=100', '-c', '2', '--time=00:05:00', '--account=x']);
    expect(nativeSpecificationArgs('')).toEqual([]);
  });

  it('honours single and double quotes and backslashes, expanding nothing', () => {
    expect(nativeSpecificationArgs(`--comment='a "b" $HOME' --job-name="x y" --export=A=\\"1\\" ""`)).toEqual(['--comment=a "b" $HOME', '--job-name=x y', '--export=A="1"', '']);
    expect(nativeSpecificationArgs('--comment="a \\"q\\" \\$x \\n"')).toEqual(['--comment=a "q" $x \\n']);
    expect(nativeSpecificationArgs('-c 2 \\\n--mem=1')).toEqual(['-c', '2', '--mem=1']);
    expect(nativeSpecificationArgs('a\\ b')).toEqual(['a b']);
  });

  it('refuses unbalanced quotes and a dangling backslash', () => {
    expect(() => nativeSpecificationArgs("--comment='a b")).toThrow(/unbalanced single quote at character 11/);
    expect(() => nativeSpecificationArgs('--comment="a b')).toThrow(/unbalanced double quote at character 11/);
    expect(() => nativeSpecificationArgs('--comment="a\\"')).toThrow(/unbalanced double quote/);
    expect(() => nativeSpecificationArgs('-c 2 \\')).toThrow(/a backslash ends/);
  });
});

describe('envStatement: the job script line of an <env>, as the platform writes it', () => {
  it('exports a variable double-quoted (so $VAR expands), or raw', () => {
    expect(envStatement({ name: 'PATH', value: '/opt/bin:$PATH', raw: false })).toBe('PATH="/opt/bin:$PATH"; export PATH');
    expect(envStatement({ name: 'X', value: 'say "hi"', raw: false })).toBe('X="say \\"hi\\""; export X');
    expect(envStatement({ name: 'X', value: "'5'", raw: true })).toBe("X='5'; export X");
  });

  it('sources a file and runs a command', () => {
    expect(envStatement({ file: '/mnt/setup.sh', raw: false })).toBe('. "/mnt/setup.sh"');
    expect(envStatement({ exec: 'module load java/1.8' })).toBe('module load java/1.8');
  });
});

describe('JOB_CONFIG_FILE: the job configuration read at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'job-conf-'));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: join(dir, 'data'), ...env });

  it('is the built-in local configuration when unset, with LOCAL_JOB_WORKERS', () => {
    const jobConf: JobConfig = config({ LOCAL_JOB_WORKERS: '3' }).jobConf;
    expect(jobConf).toEqual(defaultJobConfig(3));
    expect(destinationFor(jobConf, 'cat1')).toEqual({ id: 'local', pluginId: 'local', kind: 'local', tags: [], nativeSpecification: null, params: {}, env: [], resubmit: [] });
    expect(destinationFor(jobConf, 'upload1').id).toBe('local');
  });

  it('reads the named file', () => {
    const path = write('job_conf.xml', CLUSTER_CONF);
    const jobConf = config({ JOB_CONFIG_FILE: path }).jobConf;
    expect(jobConf.source).toBe(path);
    expect(destinationFor(jobConf, 'bwa_mem').kind).toBe('slurm');
    expect(loadJobConfig(path)).toEqual(jobConf);
  });

  it('takes from_environ values from the same environment as the other settings', () => {
    const path = write('from_environ.xml', conf('    <destination id="local" runner="slurm"><param id="nativeSpecification" from_environ="SPEC">-c 1</param></destination>'));
    expect(config({ JOB_CONFIG_FILE: path, SPEC: '-c 8' }).jobConf.destinations[0].nativeSpecification).toBe('-c 8');
  });

  it('stops the start with the message of a refused or missing file', () => {
    const refused = write('pbs.xml', '<job_conf>\n<plugins><plugin id="pbs" type="runner" load="galaxy.jobs.runners.pbs:PBSJobRunner"/></plugins>\n</job_conf>');
    expect(() => config({ JOB_CONFIG_FILE: refused })).toThrow(
      new JobConfigError(refused, "runner plugin 'pbs' (galaxy.jobs.runners.pbs:PBSJobRunner) is not supported: this platform runs jobs locally or on Slurm (galaxy.jobs.runners.local:LocalJobRunner, galaxy.jobs.runners.slurm:SlurmJobRunner)", 2),
    );
    const missing = join(dir, 'absent.xml');
    expect(() => config({ JOB_CONFIG_FILE: missing })).toThrow(`${missing}: cannot read the job configuration: no such file`);
    expect(() => loadJobConfig(dir)).toThrow(`${dir}: cannot read the job configuration: a directory, not a file`);
  });
});
