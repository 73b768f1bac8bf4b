#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs `fecontact info FILE` on every case of expected.txt under a 256 MiB address-space limit
# (a reservation sized by a header's count of 10^9 would fail with bad_alloc, not with the
# file's line) and checks: exit status 1, nothing on stdout, "FILE:LINE:" and the message
# fragment on stderr. Usage: run_cli.sh <fecontact program> <tests/malformed folder>
set -uo pipefail
program=$1
corpus=$2
failures=0
cases=0
while IFS='|' read -r file line fragment _; do
  [[ -z $file || $file == \#* ]] && continue
  file=${file// /} line=${line// /}
  fragment=$(sed 's/^ *//; s/ *$//' <<<"$fragment")
  cases=$((cases + 1))
  path=$corpus/$file
  place="$path:"
  [[ $line != 0 ]] && place="$path:$line:"
  out=$( (ulimit -v 262144; "$program" info "$path" 2>/tmp/fecontact-malformed-$$.err) )
  rc=$?
  err=$(cat /tmp/fecontact-malformed-$$.err)
  if [[ $err == *"built without the Exodus library"* ]]; then
    echo "skipped $file: the program was built without the Exodus library"
    continue
  fi
  problem=""
  [[ $rc != 1 ]] && problem="exit status $rc, expected 1"
  [[ -n $out ]] && problem="output on stdout: $out"
  [[ $err != *"$place"* ]] && problem="stderr does not name '$place'"
  [[ $err != *"$fragment"* ]] && problem="stderr does not contain '$fragment'"
  if [[ -n $problem ]]; then
    echo "FAIL $file: $problem; stderr: $err"
    failures=$((failures + 1))
  fi
done < "$corpus/expected.txt"
rm -f /tmp/fecontact-malformed-$$.err
echo "$cases cases, $failures failures"
[[ $cases -ge 60 && $failures == 0 ]]
