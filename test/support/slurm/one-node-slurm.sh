#!/usr/bin/env bash
# A one-node Slurm cluster for development and CI (Debian's Slurm 22.05 packages, this machine only).
#
#   sudo test/support/slurm/one-node-slurm.sh start    # npm run slurm:start
#   eval "$(test/support/slurm/one-node-slurm.sh env)"  # SLURM_CONF=..., and TEST_SLURM=1 when it is up
#   sudo test/support/slurm/one-node-slurm.sh status
#   sudo test/support/slurm/one-node-slurm.sh stop     # npm run slurm:stop
#
# `start` installs slurmctld, slurmd, slurm-client and munge when missing, writes the cluster's
# slurm.conf, starts munged, slurmctld and slurmd, and waits until the node is idle. It is idempotent:
# with the daemons up it only checks them (and restarts them when slurm.conf had to change). `stop`
# cancels the cluster's jobs and stops only the daemons `start` started (pid files whose process still
# has the expected name). One line per step; a clear message and a non-zero exit when it cannot.
#
# Everything lives in $ONE_NODE_SLURM_DIR (default /var/lib/one-node-slurm): slurm.conf (and
# cgroup.conf), munge's key, socket and log, Slurm's state, spool, pid and log files, and the job
# completion log `sacct -c` reads (jobcomp.txt). Slurm's commands and daemons find the cluster through
# SLURM_CONF; munge is a munged of its own (own key, own socket, named in slurm.conf's AuthInfo), so a
# real installation's /etc/slurm and /etc/munge are never written. Where /etc/slurm/slurm.conf does
# not exist, a symlink to ours is made so that a plain `sinfo` works too (`stop` removes it).
#
# Settings (environment, all optional):
#   ONE_NODE_SLURM_DIR=/var/lib/one-node-slurm
#   ONE_NODE_SLURM_CPUS=32          CPUs the node declares (see "CPUs" below)
#   ONE_NODE_SLURM_MEMORY=auto      how --mem is enforced: cgroup | jobacct | auto (cgroup v1 when usable)
#   ONE_NODE_SLURM_MIN_JOB_AGE=30   seconds a finished job stays in squeue/scontrol (see below)
#   ONE_NODE_SLURM_CTLD_PORT=6817, ONE_NODE_SLURM_SLURMD_PORT=6818, ONE_NODE_SLURM_WAIT_S=60
#   ONE_NODE_SLURM_DBD=auto         job accounting in slurmdbd (sacct then has MaxRSS, TotalCPU, ReqMem):
#                                   on | off | auto (on when MariaDB answers at the address below and
#                                   slurmdbd is installed or can be; see "Accounting" below)
#   ONE_NODE_SLURM_DB_HOST=127.0.0.1, ONE_NODE_SLURM_DB_PORT=3306, ONE_NODE_SLURM_DB_ADMIN=root (a
#   MariaDB account with an empty password that may create a database and a user),
#   ONE_NODE_SLURM_DB_NAME=one_node_slurm_acct, ONE_NODE_SLURM_DBD_PORT=6819
#
# Choices (measured on Debian 12, 2 cores, 24 GB, root, no systemd, Slurm 22.05.8):
# - CPUs: the node declares 32 CPUs whatever the machine has (SlurmdParameters=config_overrides, no
#   CPU binding: TaskPlugin does not constrain cores), so that the test lanes side by side can
#   both keep jobs running and `-c 4` is accepted. A finished job's slot is given to the next pending
#   job about 1 s later, whatever the scheduler settings, so throughput is about one job per second
#   per slot: 50 trivial jobs submitted at once finish in 23 s with CPUs=2, 12 s with 4, 1.1 s with 16;
#   200 at once in 10.2 s with 16, 6.3 s with 32, 3.7 s with 64 (200 x `sleep 2`: 36 s, 19 s, 11 s).
# - Memory: SelectTypeParameters=CR_Core_Memory schedules --mem; RealMemory is MemTotal minus 10 %
#   (at least 512 MB); a job without --mem gets DefMemPerCPU = RealMemory / CPUs (at most 1024 MB).
#   Enforcement: with cgroup v1 (memory and freezer controllers writable) task/cgroup with
#   ConstrainRAMSpace, and the job ends OUT_OF_MEMORY; otherwise (containers without cgroups)
#   jobacct_gather/linux every second with OverMemoryKill, and the job ends FAILED (see the facts).
# - MinJobAge=30: a finished job stays in squeue -t all / scontrol for 30 s plus up to one purge
#   sweep (measured: gone 42-60 s after its end; 106 s with MinJobAge=60): long enough for a runner
#   polling every few seconds, or restarted, to read its end there; short enough that the
#   controller's job list, which every squeue with more than one id loads whole, stays small. After
#   that, `sacct -c` (jobcomp/filetxt) still has it, and sacct itself where there is accounting.
#   (The purge is a periodic sweep: a lower MinJobAge shortens the wait by no more than the
#   difference, and a test of it waits while the file's other tests run, so it stays 30.)
# - Accounting (ONE_NODE_SLURM_DBD=auto, on where MariaDB answers): slurmdbd, started here with
#   $DIR/slurmdbd.conf (slurmdbd finds it beside SLURM_CONF; 0600, or it refuses it), keeps the jobs
#   in a MariaDB database of its own (one_node_slurm_acct, an account of the same name whose password
#   is in $DIR/db.pass: the machine's MariaDB, 127.0.0.1:3306, as on every machine of this kind and in
#   CI); slurm.conf then says AccountingStorageType=accounting_storage/slurmdbd and
#   AccountingStoragePass=<munge socket> (sacctmgr and slurmctld find our munged through it: without
#   it they look for /run/munge/munge.socket.2). jobcomp/filetxt stays on, so `sacct -c` still has
#   every job, those that ended before accounting was on too. The cluster is added to the database
#   (`sacctmgr -i add cluster onenode`) before slurmctld starts. Measured: apt-get install slurmdbd
#   2.2 s; a first start with a new database 3.8 s in all (sacctmgr's first call creates the tables,
#   1.7 s), slurmdbd up in 0.6 s; switching a running cluster to accounting 9.5 s (slurmctld and
#   slurmd restarted; running jobs go on).
# - KillWait=2, OverTimeLimit=0: SIGKILL 2 s after the SIGTERM of a time limit or scancel.
# - SlurmdTimeout=10: a node whose slurmd and jobs die is DOWN, its jobs NODE_FAIL, ~30 s later.
# - JobRequeue=0: a job on a failed node ends NODE_FAIL instead of being run a second time.
# - SchedulerParameters=batch_sched_delay=0,bf_interval=1,sched_min_interval=0: a trivial job is
#   RUNNING 0.07-1.0 s after sbatch and COMPLETED some 50 ms later (the controller starts jobs from
#   its once-a-second background pass or backfill cycle, never at the submission itself).
#
# Facts for a runner (commands and their exact output on this cluster, cgroup mode unless said):
#
#   $ sbatch --parsable --wrap 'echo hi'                           -> "1" (the id alone, exit 0, 4-8 ms)
#   $ sbatch --parsable -J galaxy-job-42 -o /tmp/sf/out.%j -e /tmp/sf/err.%j --chdir=/tmp --wrap 'pwd; echo out; echo err >&2'
#   2          (out.2 holds "/tmp\nout", err.2 holds "err"; %j is the job id; -o alone: stdout and
#               stderr in that file; neither: slurm-<id>.out in the submit directory)
#   A script's "#SBATCH -J/-o/-e/--chdir/-c/--mem" lines apply; options on the sbatch command line win
#   over them (sbatch -J from-cli -c 3 job.sh: JobName=from-cli NumCPUs=3, the rest from the script).
#   --export=ALL (the default): the job gets the submitter's whole environment plus SLURM_* variables.
#   --export=NONE: only the user's login-shell environment (HOME, PATH, USER, SHELL, LOGNAME, MAIL and
#   what the user's profile sets) plus SLURM_* (SLURM_CONF included, SLURM_EXPORT_ENV=NONE);
#   --export=NONE,FOO=bar adds FOO. SLURM_JOB_ID, SLURM_CPUS_PER_TASK (with -c), SLURM_MEM_PER_NODE
#   (with --mem) or SLURM_MEM_PER_CPU, SLURM_JOB_NAME, SLURM_SUBMIT_DIR are always set.
#
#   Polling many jobs at once while the controller knows them (one call, cost independent of the
#   number of ids: with two ids or more squeue loads the whole job list and filters it):
#   $ squeue -h -t all -j 2,12,10,11 -O 'JobID:|,State:|,Reason:|,exit_code:|'
#   2|COMPLETED|None|0|
#   12|FAILED|NonZeroExitCode|768|
#   11|PENDING|BeginTime|0|
#   10|RUNNING|None|0|
#   (exit_code is the raw wait status: 768 = exit 3, 15 = signal 15; -o '%i|%T|%r' has no exit code;
#   without -t all finished jobs are left out.) Unknown or purged ids among others are simply absent
#   (exit 0), but one unknown id alone is an error:
#   $ squeue -h -t all -j 1,99999,10 -o '%i|%T|%r'   -> "1|COMPLETED|None" "10|RUNNING|None", exit 0
#   $ squeue -h -t all -j 99998,99999 -o '%i|%T|%r'  -> nothing, exit 0
#   $ squeue -h -t all -j 99999 -o '%i|%T|%r'        -> stderr "slurm_load_jobs error: Invalid job id specified", exit 1
#   scontrol takes one id (`scontrol show job -o 2,12`: "scontrol_print_job error: Invalid job id
#   specified"; two ids: "too many arguments for keyword:show"); `scontrol show job -o` without an id
#   prints every job, one line each (49 ms for ~1850 jobs); an unknown id: stderr
#   "slurm_load_jobs error: Invalid job id specified", exit 1.
#   After the purge, the job completion log (any list of ids; missing ids are absent, exit 0, even
#   when none is found):
#   $ sacct -c -n -P -j 1,2,12 -o JobID,State,ExitCode
#   1|COMPLETED|0:0
#   2|COMPLETED|0:0
#   12|FAILED|3:0
#   Fields with a value under jobcomp/filetxt: JobID JobIDRaw JobName State ExitCode (code:signal;
#   0:0 for CANCELLED and TIMEOUT jobs, whose record is written before their exit status is known)
#   DerivedExitCode Submit Eligible Start End Elapsed ElapsedRaw (whole seconds) NCPUS AllocCPUS NNodes
#   NodeList Partition Timelimit TimelimitRaw (minutes) UID GID User Group WorkDir. Empty: MaxRSS,
#   ReqMem, AllocTRES, Reason and every usage field (no accounting database).
#
#   Ends (scontrol show job -o: JobState Reason ExitCode; squeue exit_code; sacct -c State|ExitCode):
#   exit 0              COMPLETED None 0:0; 0; COMPLETED|0:0
#   exit 3              FAILED NonZeroExitCode 3:0; 768; FAILED|3:0
#   --mem=10, 200 MB    cgroup: OUT_OF_MEMORY OutOfMemory 0:125; 253; OUT_OF_MEMORY|0:125 (~1 s;
#                       the cgroup limit is at least 30 MB); stderr: "Killed" from the shell and
#                       "slurmstepd-vm: error: Detected 1 oom-kill event(s) in StepId=1.batch. Some of
#                       your processes may have been killed by the cgroup out-of-memory handler."
#                       jobacct: FAILED JobLaunchFailure 0:9; 9; FAILED|0:9 (1 s); stderr:
#                       "slurmstepd-vm: error: StepId=14.batch exceeded memory limit (224858112 >
#                       10485760), being killed", "*** JOB 14 ON vm CANCELLED AT <time> ***",
#                       "slurmstepd-vm: error: Exceeded job memory limit"
#   --time=1 (0:01 is rounded up to 1 minute, the smallest limit): TIMEOUT TimeLimit 0:15 (143:0 if
#                       the script traps TERM and exits); 15 (36608); TIMEOUT|0:0. It fires at the
#                       controller's time-limit sweep (every 30 s): 60-90 s after the start (63 s
#                       measured); stderr "slurmstepd-vm: error: *** JOB 4 ON vm CANCELLED AT
#                       2026-11-27T21:06:34 DUE TO TIME LIMIT ***"; stdout keeps what was written.
#   scancel, running    CANCELLED None 0:15; CANCELLED|0:0 (within 1 s); stderr
#                       "slurmstepd-vm: error: *** JOB 6 ON vm CANCELLED AT 2026-11-27T21:05:32 ***"
#   scancel, pending    CANCELLED <the pending reason, e.g. BeginTime> 0:0; CANCELLED|0:0; no output files
#   node failure        (slurmd and the job's processes killed -9): NODE_FAIL NodeDown 0:0;
#                       NODE_FAIL|0:0, 30 s later; sinfo -R "Not responding"; the node is idle again
#                       as soon as slurmd starts (ReturnToService=2). Only slurmd stopped: running
#                       jobs finish normally (their slurmstepd reports to the controller).
#   node set DOWN       `scontrol update nodename=vm state=DOWN reason=test`: every job on the node
#                       NODE_FAIL NodeDown 0:0 at once (24 ms), its output "slurmstepd-vm: error: ***
#                       JOB 1 ON vm CANCELLED AT <time> DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR
#                       DETAILS ***"; the node, its slurmd answering, is idle again 6 ms later
#                       ("node_did_resp: node vm returned to service", ReturnToService=2), so a RESUME
#                       after it is refused ("Invalid node state specified"). It fails every job on
#                       the node: tests that do it hold the tests' cluster lock alone
#                       (test/support/slurm-cluster.ts: flock on $DIR/tests.lock).
#   Slurm writes its own lines to the job's stderr file (-e, else -o).
#
#   Metrics: scontrol show job -o gives NumCPUs=2 MinMemoryNode=300M (or MinMemoryCPU=) RunTime=00:00:07
#   TRES=cpu=2,mem=300M,node=1,billing=2 StartTime= EndTime= (while the controller knows the job);
#   squeue -O 'NumCPUs:|,MinMemory:|,TimeUsed:|,tres-alloc:|' the same in one call for many jobs.
#   Memory used is only known while the job runs: `sstat -n -P -j 1768.batch -o JobID,MaxRSS` ->
#   "1768.batch|137916K" (the bare id "1768" finds no step; `sstat -a -j 1770,1771` lists every step
#   of several jobs; after the end: "sstat: error: StepId=1768.batch not found running."). sacct -c
#   has no MaxRSS. With accounting, sacct has it after the end (8 ms after squeue says COMPLETED,
#   the record is whole already here; slurmctld sends it to slurmdbd as the job ends):
#   $ sacct -n -P --noconvert -j 4 -o JobID,State,MaxRSS,TotalCPU,ElapsedRaw,AllocCPUS,ReqMem
#   4|COMPLETED||00:00.199|4|1|300M
#   4.batch|COMPLETED|141033472|00:00.199|4|1|
#   (MaxRSS in bytes with --noconvert, on the steps only, sampled every second by jobacct_gather/linux,
#   in cgroup and jobacct modes alike; ReqMem on the job's line; while a job's record says PENDING its
#   ReqMem reads "18446744073709551616.00M", Slurm's no-value, and right after a short job's end its
#   record may say COMPLETED with that ReqMem still (2 jobs of 4 at once, whole 0.4 s later: the
#   start reached slurmdbd after the end); a job cancelled while pending has no
#   batch step and ElapsedRaw 0.) sacct with accounting: 114 ms for 2 ids. Without accounting
#   (accounting_storage/none) a plain sacct fails (exit 1). What else knows the peak after the end
#   is the job itself: in cgroup mode its
#   memory cgroup (/proc/self/cgroup "4:memory:/slurm_vm/uid_0/job_1769/step_batch/task_0") has
#   memory.max_usage_in_bytes (step_batch/ and the job's directory above it: 134017024 for a 120 MB
#   python allocation) and memory.limit_in_bytes (314572800 for --mem=300).
#
#   Timing: sbatch 4-8 ms. With 200 jobs in the controller: squeue -j <1 id> 11 ms, -j <200 ids> 14 ms,
#   no -j 13 ms, scontrol show job -o <id> 10 ms, scontrol show job -o (all) 15 ms; with ~1850 jobs:
#   squeue -j <1 id> 5 ms, -j <200 ids> 19 ms, no -j 17 ms, scontrol show job -o (all) 49 ms. The cost
#   follows the jobs the controller holds, not the ids asked. sacct -c: 1 id 6 ms, 200 ids 10 ms
#   (it reads the whole jobcomp.txt, 1770 lines then; the file only grows).
#   50 trivial jobs submitted at once (CPUs=32): all submitted in 0.26 s, all COMPLETED after 2.3 s;
#   200: submitted in 1.4 s, all COMPLETED after 6.0 s. start 0.2 s with the packages installed and
#   the state kept (9 s with the apt-get install), stop 6 s (9 s with slurmdbd).
set -euo pipefail

DIR=${ONE_NODE_SLURM_DIR:-/var/lib/one-node-slurm}
CONF=$DIR/slurm.conf
MARK='# written by one-node-slurm.sh'
CTLD_PORT=${ONE_NODE_SLURM_CTLD_PORT:-6817}
SLURMD_PORT=${ONE_NODE_SLURM_SLURMD_PORT:-6818}
WAIT_S=${ONE_NODE_SLURM_WAIT_S:-60}
DBD_PORT=${ONE_NODE_SLURM_DBD_PORT:-6819}
DB_HOST=${ONE_NODE_SLURM_DB_HOST:-127.0.0.1}
DB_PORT=${ONE_NODE_SLURM_DB_PORT:-3306}
DB_ADMIN=${ONE_NODE_SLURM_DB_ADMIN:-root}
DB_NAME=${ONE_NODE_SLURM_DB_NAME:-one_node_slurm_acct}
DBD_CONF=$DIR/slurmdbd.conf
DBD=off
MUNGE_DIR=$DIR/munge
MUNGE_SOCKET=$MUNGE_DIR/munge.socket
NODE=$(hostname -s)
export SLURM_CONF=$CONF

say() { printf 'one-node-slurm: %s\n' "$*"; }
die() { printf 'one-node-slurm: ERROR: %s\n' "$*" >&2; exit 1; }

# alive NAME PIDFILE: PIDFILE names a live process whose command is NAME.
alive() {
  local pid
  pid=$(cat "$2" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ]
}

node_state() { sinfo -h -n "$NODE" -o %T 2>/dev/null || true; }

# listening PORT: something accepts connections on 127.0.0.1:PORT.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# ------------------------------------------------------------------------------------ packages
install_packages() {
  local missing=() p wanted=(slurmctld slurmd slurm-client munge)
  [ "$DBD" = on ] && wanted+=(slurmdbd)
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then say "packages present: ${wanted[*]}"; return; fi
  command -v apt-get >/dev/null || die "${missing[*]} missing and there is no apt-get to install them"
  say "installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  local apt=(apt-get -o DPkg::Lock::Timeout=300 -o Acquire::Retries=3)
  "${apt[@]}" update -qq >/dev/null || die "apt-get update failed"
  # Without systemd the packages' scripts start no daemon: this script starts its own.
  "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    die "apt-get install ${missing[*]} failed"
}

# ------------------------------------------------------------------------------------ munge
start_munge() {
  install -d -o munge -g munge -m 0755 "$MUNGE_DIR"
  if [ ! -s "$MUNGE_DIR/munge.key" ]; then
    mungekey --create --keyfile="$MUNGE_DIR/munge.key"
    chown munge:munge "$MUNGE_DIR/munge.key"
    chmod 0400 "$MUNGE_DIR/munge.key"
    say "created munge key $MUNGE_DIR/munge.key"
  fi
  if alive munged "$MUNGE_DIR/munged.pid"; then say "munged running (pid $(cat "$MUNGE_DIR/munged.pid"))"; return; fi
  runuser -u munge -- /usr/sbin/munged --key-file="$MUNGE_DIR/munge.key" --socket="$MUNGE_SOCKET" \
    --pid-file="$MUNGE_DIR/munged.pid" --seed-file="$MUNGE_DIR/munged.seed" --log-file="$MUNGE_DIR/munged.log" ||
    die "munged did not start (see $MUNGE_DIR/munged.log)"
  local _
  for _ in $(seq 50); do
    if munge -S "$MUNGE_SOCKET" -n 2>/dev/null | unmunge -S "$MUNGE_SOCKET" >/dev/null 2>&1; then
      say "started munged (pid $(cat "$MUNGE_DIR/munged.pid"), socket $MUNGE_SOCKET)"
      return
    fi
    sleep 0.1
  done
  die "munged does not answer on $MUNGE_SOCKET (see $MUNGE_DIR/munged.log)"
}

# ------------------------------------------------------------------------------------ accounting
# db_admin ARGS…: the MariaDB client as the admin account (empty password) at DB_HOST:DB_PORT.
db_admin() {
  local client
  client=$(command -v mariadb || command -v mysql) || return 1
  "$client" --no-defaults -h "$DB_HOST" -P "$DB_PORT" -u "$DB_ADMIN" --connect-timeout=3 "$@"
}

dbd_installable() {
  dpkg-query -W -f='${Status}' slurmdbd 2>/dev/null | grep -q 'install ok installed' || command -v apt-get >/dev/null
}

# on or off: whether the cluster keeps job accounting in slurmdbd (ONE_NODE_SLURM_DBD).
dbd_mode() {
  case "${ONE_NODE_SLURM_DBD:-auto}" in
    off) echo off ;;
    on)
      db_admin -e 'select 1' >/dev/null 2>&1 || die "ONE_NODE_SLURM_DBD=on but MariaDB does not answer at $DB_HOST:$DB_PORT as $DB_ADMIN"
      dbd_installable || die "ONE_NODE_SLURM_DBD=on but slurmdbd is not installed and there is no apt-get"
      echo on ;;
    auto) if db_admin -e 'select 1' >/dev/null 2>&1 && dbd_installable; then echo on; else echo off; fi ;;
    *) die "ONE_NODE_SLURM_DBD must be on, off or auto" ;;
  esac
}

# ONE_NODE_SLURM_DBD=on: the start fails; auto: the cluster goes on without accounting, saying why.
dbd_failed() {
  [ "${ONE_NODE_SLURM_DBD:-auto}" = on ] && die "$1"
  say "no accounting: $1"
}

# The accounting database and its account (named after it, with a password of its own kept in
# $DIR/db.pass), then
# slurmdbd.conf (0600: slurmdbd refuses it otherwise); sets DBD_CONF_CHANGED=1 when it was (re)written.
write_dbd_conf() {
  local pass new
  if [ ! -s "$DIR/db.pass" ]; then
    (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$DIR/db.pass")
  fi
  pass=$(cat "$DIR/db.pass")
  db_admin -e "CREATE DATABASE IF NOT EXISTS \`$DB_NAME\`;
    CREATE USER IF NOT EXISTS '$DB_NAME'@'localhost' IDENTIFIED BY '$pass';
    CREATE USER IF NOT EXISTS '$DB_NAME'@'127.0.0.1' IDENTIFIED BY '$pass';
    ALTER USER '$DB_NAME'@'localhost' IDENTIFIED BY '$pass';
    ALTER USER '$DB_NAME'@'127.0.0.1' IDENTIFIED BY '$pass';
    GRANT ALL ON \`$DB_NAME\`.* TO '$DB_NAME'@'localhost';
    GRANT ALL ON \`$DB_NAME\`.* TO '$DB_NAME'@'127.0.0.1';" ||
    { dbd_failed "could not create the accounting database $DB_NAME in MariaDB at $DB_HOST:$DB_PORT"; return 1; }
  new=$(cat <<EOF
$MARK; start rewrites it
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
DbdHost=$NODE
DbdAddr=127.0.0.1
DbdPort=$DBD_PORT
SlurmUser=root
LogFile=$DIR/log/slurmdbd.log
PidFile=$DIR/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=$DB_HOST
StoragePort=$DB_PORT
StorageUser=$DB_NAME
StoragePass=$pass
StorageLoc=$DB_NAME
EOF
)
  DBD_CONF_CHANGED=0
  if [ "$(cat "$DBD_CONF" 2>/dev/null)" != "$new" ]; then
    (umask 077; printf '%s\n' "$new" >"$DBD_CONF")
    DBD_CONF_CHANGED=1
    say "wrote $DBD_CONF (accounting in MariaDB $DB_HOST:$DB_PORT, database $DB_NAME)"
  fi
}

start_dbd() {
  if alive slurmdbd "$DIR/run/slurmdbd.pid"; then
    if [ "$DBD_CONF_CHANGED" = 1 ]; then say "slurmdbd.conf changed: restarting slurmdbd"; stop_daemon slurmdbd "$DIR/run/slurmdbd.pid"
    else say "slurmdbd running (pid $(cat "$DIR/run/slurmdbd.pid"))"; return; fi
  fi
  if listening "$DBD_PORT"; then dbd_failed "port $DBD_PORT is taken by another program (choose another with ONE_NODE_SLURM_DBD_PORT)"; return 1; fi
  slurmdbd || { dbd_failed "slurmdbd did not start (see $DIR/log/slurmdbd.log)"; return 1; }
  local _
  for _ in $(seq 300); do listening "$DBD_PORT" && break; sleep 0.05; done
  listening "$DBD_PORT" || { tail -n 15 "$DIR/log/slurmdbd.log" >&2 || true; dbd_failed "slurmdbd does not listen on port $DBD_PORT (see $DIR/log/slurmdbd.log)"; return 1; }
  say "started slurmdbd (pid $(cat "$DIR/run/slurmdbd.pid"), port $DBD_PORT)"
}

# The cluster in the accounting database (before slurmctld registers with slurmdbd).
register_cluster() {
  if sacctmgr -n -P list cluster format=cluster 2>/dev/null | grep -qx onenode; then return; fi
  sacctmgr -i add cluster onenode >/dev/null || die "sacctmgr could not add the cluster onenode to the accounting database"
  say "added the cluster onenode to the accounting database"
}

# ------------------------------------------------------------------------------------ slurm.conf
# cgroup v1 with writable memory and freezer controllers (task/cgroup, proctrack/cgroup)?
cgroup_v1_usable() {
  local c probe
  for c in memory freezer; do
    [ -f "/sys/fs/cgroup/$c/cgroup.procs" ] || return 1
    probe=/sys/fs/cgroup/$c/one-node-slurm-probe-$$
    mkdir "$probe" 2>/dev/null || return 1
    rmdir "$probe"
  done
}

memory_mode() {
  case "${ONE_NODE_SLURM_MEMORY:-auto}" in
    cgroup) cgroup_v1_usable || die "ONE_NODE_SLURM_MEMORY=cgroup but cgroup v1 memory/freezer are not writable here"; echo cgroup ;;
    jobacct) echo jobacct ;;
    auto) if cgroup_v1_usable; then echo cgroup; else echo jobacct; fi ;;
    *) die "ONE_NODE_SLURM_MEMORY must be cgroup, jobacct or auto" ;;
  esac
}

# Sets CONF_CHANGED=1 when slurm.conf (or cgroup.conf) had to be (re)written.
write_conf() {
  local mem_kb mem_mb cpus def_mem mode enforce new accounting
  mem_kb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)
  mem_mb=$(( mem_kb / 1024 ))
  mem_mb=$(( mem_mb - (mem_mb / 10 > 512 ? mem_mb / 10 : 512) ))
  cpus=${ONE_NODE_SLURM_CPUS:-32}
  def_mem=$(( mem_mb / cpus < 1024 ? mem_mb / cpus : 1024 ))
  mode=$(memory_mode)
  if [ "$mode" = cgroup ]; then
    enforce="ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1"
  else
    enforce="ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
JobAcctGatherParams=OverMemoryKill"
  fi
  if [ "$DBD" = on ]; then
    accounting="AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$DBD_PORT
AccountingStoragePass=$MUNGE_SOCKET"
  else
    accounting="AccountingStorageType=accounting_storage/none"
  fi
  install -d -m 0755 "$DIR/state" "$DIR/spool" "$DIR/run" "$DIR/log"
  new=$(cat <<EOF
$MARK ($mode memory enforcement, accounting $DBD); start rewrites it
ClusterName=onenode
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
MailProg=/bin/true
MpiDefault=none
$enforce
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,bf_interval=1,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=$def_mem
SlurmdParameters=config_overrides
$accounting
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/log/jobcomp.txt
MinJobAge=${ONE_NODE_SLURM_MIN_JOB_AGE:-30}
KillWait=2
OverTimeLimit=0
JobRequeue=0
SlurmdTimeout=10
ReturnToService=2
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus Sockets=1 CoresPerSocket=$cpus ThreadsPerCore=1 RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
)
  CONF_CHANGED=0
  if [ "$mode" = cgroup ]; then
    # Slurm reads cgroup.conf beside slurm.conf.
    local cg="CgroupPlugin=cgroup/v1
CgroupMountpoint=/sys/fs/cgroup
ConstrainRAMSpace=yes
ConstrainSwapSpace=yes"
    if [ "$(cat "$DIR/cgroup.conf" 2>/dev/null)" != "$cg" ]; then printf '%s\n' "$cg" >"$DIR/cgroup.conf"; CONF_CHANGED=1; fi
  fi
  if [ "$(cat "$CONF" 2>/dev/null)" != "$new" ]; then printf '%s\n' "$new" >"$CONF"; CONF_CHANGED=1; fi
  if [ "$CONF_CHANGED" = 1 ]; then
    say "wrote $CONF (node $NODE: $cpus CPUs, $mem_mb MB, $def_mem MB per CPU by default, --mem enforced by $mode, accounting $DBD)"
  else
    say "slurm.conf unchanged ($CONF)"
  fi
}

# /etc/slurm/slurm.conf: a symlink to ours where there is none; any other file is left alone.
link_etc_conf() {
  if [ -L /etc/slurm/slurm.conf ] && [ "$(readlink /etc/slurm/slurm.conf)" = "$CONF" ]; then return; fi
  if [ -e /etc/slurm/slurm.conf ] || [ -L /etc/slurm/slurm.conf ]; then
    say "/etc/slurm/slurm.conf belongs to another installation: left alone (export SLURM_CONF=$CONF)"
    return
  fi
  mkdir -p /etc/slurm
  ln -s "$CONF" /etc/slurm/slurm.conf
  say "linked /etc/slurm/slurm.conf -> $CONF"
}

# ------------------------------------------------------------------------------------ start
# check_port NAME PORT SETTING: dies when NAME is not ours and running but something holds PORT.
check_port() {
  if ! alive "$1" "$DIR/run/$1.pid" && listening "$2"; then
    die "port $2 is taken by another program (a $1 of another installation?); choose another with $3"
  fi
}

start_daemon() { # start_daemon NAME PORT
  "$1" -f "$CONF" || die "$1 did not start (see $DIR/log/$1.log)"
  local _
  for _ in $(seq 100); do alive "$1" "$DIR/run/$1.pid" && break; sleep 0.05; done
  alive "$1" "$DIR/run/$1.pid" || die "$1 exited after starting (see $DIR/log/$1.log)"
  say "started $1 (pid $(cat "$DIR/run/$1.pid"), port $2)"
}

start() {
  [ "$(id -u)" = 0 ] || die "start must run as root (it installs packages and starts daemons): sudo $0 start"
  check_port slurmctld "$CTLD_PORT" ONE_NODE_SLURM_CTLD_PORT
  check_port slurmd "$SLURMD_PORT" ONE_NODE_SLURM_SLURMD_PORT
  DBD=$(dbd_mode)
  install_packages
  install -d -m 0755 "$DIR" "$DIR/run" "$DIR/log"
  start_munge
  # slurmdbd first: slurm.conf names it only once it is up (with auto, a failure leaves it out).
  if [ "$DBD" = on ] && ! { write_dbd_conf && start_dbd; }; then DBD=off; fi
  if [ "$DBD" = off ] && alive slurmdbd "$DIR/run/slurmdbd.pid"; then stop_daemon slurmdbd "$DIR/run/slurmdbd.pid"; fi
  write_conf
  link_etc_conf
  [ "$DBD" = on ] && register_cluster
  if [ "$CONF_CHANGED" = 1 ] && { alive slurmctld "$DIR/run/slurmctld.pid" || alive slurmd "$DIR/run/slurmd.pid"; }; then
    say "slurm.conf changed: restarting slurmctld and slurmd (jobs and state are kept)"
    stop_daemon slurmd "$DIR/run/slurmd.pid"
    stop_daemon slurmctld "$DIR/run/slurmctld.pid"
  fi
  if alive slurmctld "$DIR/run/slurmctld.pid"; then say "slurmctld running (pid $(cat "$DIR/run/slurmctld.pid"))"
  else start_daemon slurmctld "$CTLD_PORT"; fi
  if alive slurmd "$DIR/run/slurmd.pid"; then say "slurmd running (pid $(cat "$DIR/run/slurmd.pid"))"
  else start_daemon slurmd "$SLURMD_PORT"; fi

  local state="" _
  for _ in $(seq $(( WAIT_S * 10 ))); do
    state=$(node_state)
    case "$state" in
      idle|mixed|allocated) break ;;
      drain*|down*) scontrol update NodeName="$NODE" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 0.1
  done
  case "$state" in idle|mixed|allocated) ;; *)
    tail -n 15 "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" >&2 || true
    die "node $NODE is not up after ${WAIT_S}s (state: '${state:-no answer}')" ;;
  esac
  say "node $NODE is $state; Slurm's commands need: export SLURM_CONF=$CONF"
}

# ------------------------------------------------------------------------------------ stop
# stop_daemon NAME PIDFILE: SIGTERM, up to 30 s to exit, then SIGKILL; only a live NAME of PIDFILE.
stop_daemon() {
  local pid _
  if ! alive "$1" "$2"; then say "$1 not running"; rm -f "$2"; return; fi
  pid=$(cat "$2")
  kill -TERM "$pid"
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; say "killed $1 (pid $pid): no exit 30 s after SIGTERM"
  else say "stopped $1 (pid $pid)"; fi
  rm -f "$2"
}

stop() {
  [ "$(id -u)" = 0 ] || die "stop must run as root: sudo $0 stop"
  if alive slurmctld "$DIR/run/slurmctld.pid"; then
    local jobs _
    jobs=$(squeue -h -o %A 2>/dev/null | tr '\n' ' ')
    if [ -n "${jobs// /}" ]; then
      # shellcheck disable=SC2086 # one id per word
      scancel $jobs 2>/dev/null || true
      for _ in $(seq 100); do [ -z "$(squeue -h -t running,completing -o %A 2>/dev/null)" ] && break; sleep 0.1; done
      say "cancelled jobs $jobs"
    else
      say "no jobs to cancel"
    fi
  fi
  stop_daemon slurmd "$DIR/run/slurmd.pid"
  stop_daemon slurmctld "$DIR/run/slurmctld.pid"
  if [ -f "$DIR/run/slurmdbd.pid" ]; then stop_daemon slurmdbd "$DIR/run/slurmdbd.pid"; fi
  stop_daemon munged "$MUNGE_DIR/munged.pid"
  if [ -L /etc/slurm/slurm.conf ] && [ "$(readlink /etc/slurm/slurm.conf)" = "$CONF" ]; then
    rm -f /etc/slurm/slurm.conf
    say "removed the symlink /etc/slurm/slurm.conf"
  fi
}

# ------------------------------------------------------------------------------------ status
# Exit 0 when munged, slurmctld and slurmd run and the node answers, 3 otherwise.
status() {
  local entry name up=0 want=3 daemons=(munged:munge/munged.pid slurmctld:run/slurmctld.pid slurmd:run/slurmd.pid)
  if grep -q '^AccountingStorageType=accounting_storage/slurmdbd' "$CONF" 2>/dev/null; then daemons+=(slurmdbd:run/slurmdbd.pid); want=4; fi
  for entry in "${daemons[@]}"; do
    name=${entry%%:*}
    if alive "$name" "$DIR/${entry#*:}"; then say "$name running (pid $(cat "$DIR/${entry#*:}"))"; up=$((up + 1))
    else say "$name not running"; fi
  done
  local state
  state=$(node_state)
  say "node $NODE: ${state:-no answer}; SLURM_CONF=$CONF"
  [ $up = $want ] && [ -n "$state" ] || return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env)
    echo "export SLURM_CONF=$CONF"
    if status >/dev/null 2>&1; then echo "export TEST_SLURM=1"; fi ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
