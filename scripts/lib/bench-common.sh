# Shared by the scripts that run `pqsig bench sig --json` (scripts/bench-stability.sh,
# scripts/perf-anchors.sh): their common options, the checks before a run, and the
# machine's load.  Sourced, not run.  The sourcing script sets bench_script (its name
# for messages) and bench_help_lines (the sed range of its header comment).
#
# In the option loop:  *) bench_take_option "$@" || break; shift "$bench_shift" ;;

pqsig=build/pqsig

bench_die() {
	echo "$bench_script: $*" >&2
	exit 2
}

# The value of option $1, given as $2; dies when it is missing.
bench_value() {
	[ $# -ge 2 ] || bench_die "$1 needs a value"
	printf '%s' "$2"
}

# Take one of the common options (--pqsig PATH, -h/--help): 0 with bench_shift set to the
# arguments it used, 1 if $1 is not one of them.
bench_take_option() {
	case "$1" in
	--pqsig)
		pqsig=$(bench_value "$@") || exit 2
		bench_shift=2 ;;
	-h | --help)
		sed -n "$bench_help_lines" "$0" | sed 's/^# \{0,1\}//'
		exit 0 ;;
	*) return 1 ;;
	esac
}

# jq and the pqsig executable are there.
bench_check_tools() {
	command -v jq >/dev/null 2>&1 || bench_die "jq is needed"
	[ -x "$pqsig" ] || bench_die "$pqsig is not an executable (--pqsig PATH)"
}

# The 1, 5 and 15 minute load averages.
bench_loadavg() {
	cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown
}
