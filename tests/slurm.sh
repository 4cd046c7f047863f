#!/bin/sh
# The README's Slurm recipe, run against a single-node Slurm started here
# (Debian slurm-wlm and munge, as root): a job array of four shards, then
# hule stats over the parts equals the single run. Daemons of its own, on
# ports of its own, stopped at the end.
# Usage: slurm.sh HULE WORKDIR
set -u
hule=$1
work=$2
rm -rf "$work" && mkdir -p "$work/state" "$work/spool" "$work/log" || exit 1
cd "$work" || exit 1
for p in slurmctld slurmd sbatch sinfo munged; do
  command -v $p > /dev/null ||
    { echo "FAIL: $p is not installed (Debian: slurm-wlm, munge)"; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "FAIL: starting Slurm needs root"; exit 1; }
# munge: a key and the daemon (if none runs)
if ! munge -n 2>/dev/null | unmunge > /dev/null 2>&1; then
  mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge
  [ -f /etc/munge/munge.key ] ||
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 2>/dev/null
  chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge 2>/dev/null
  chmod 400 /etc/munge/munge.key
  munged --force 2>/dev/null || { echo "FAIL: munged does not start"; exit 1; }
  sleep 1
fi
host=$(hostname -s)
cat > slurm.conf <<CONF
ClusterName=hule
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldPort=16917
SlurmdPort=16918
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldLogFile=$work/log/ctld.log
SlurmdLogFile=$work/log/d.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=hule Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D > log/ctld.out 2>&1 &
ctld=$!
sleep 1
slurmd -D > log/d.out 2>&1 &
d=$!
trap 'kill $ctld $d 2>/dev/null; wait $ctld $d 2>/dev/null' EXIT
i=0
until sinfo -h -o %t 2>/dev/null | grep -q "idle\|mix"; do
  i=$((i + 1))
  [ $i -gt 100 ] && { echo "FAIL: Slurm did not start:"; tail -5 log/*.log; exit 1; }
  sleep 0.2
done
# the README's job script
cat > shards.sh <<JOB
#!/bin/sh
#SBATCH --array=1-4
#SBATCH --output=$work/slurm-%A_%a.out
'$hule' sim --ruleset mcr --games 400 --seed 13 \\
  --shard \$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT --out $work/part\$SLURM_ARRAY_TASK_ID.jsonl
JOB
sbatch --wait shards.sh > sbatch.out 2>&1 ||
  { echo "FAIL: sbatch:"; cat sbatch.out; tail -5 log/*.log; exit 1; }
"$hule" stats part1.jsonl part2.jsonl part3.jsonl part4.jsonl | tail -n +2 > merged.txt
"$hule" sim --ruleset mcr --games 400 --seed 13 2>/dev/null | tail -n +2 > one.txt
if cmp -s merged.txt one.txt; then
  echo "ok   a Slurm job array of 4 shards, then hule stats = one run"
else
  echo "FAIL: the merged shards differ from one run"; diff merged.txt one.txt | head
  exit 1
fi
