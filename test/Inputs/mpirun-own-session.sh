#!/bin/sh
# Runs mpirun (the arguments) with an Open MPI session directory of its own. Open MPI 4.1 removes its top
# session directory ($TMPDIR/ompi.<host>.<uid>) when a job ends; under `lit -j2` an mpirun that starts at that
# moment fails ("A call to mkdir was unable to create the desired directory ... File exists"). A base
# directory per mpirun removes the race. `exec` keeps mpirun the process that `timeout`, pipes and exit
# statuses see; the empty base stays in lit's temporary directory, which lit removes at the end.
base=$(mktemp -d "${TMPDIR:-/tmp}/mpirun.XXXXXX") || exit 1
OMPI_MCA_orte_tmpdir_base=$base
export OMPI_MCA_orte_tmpdir_base
exec "$@"
