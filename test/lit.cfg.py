# lit configuration for lsc. The test files are their own spec: RUN lines say how, CHECK lines say what.
import os
import shutil
import subprocess
import lit.formats

config.name = "lsc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.lsc_binary_dir, "test")

path = [config.lsc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
for var in ("HOME", "TMPDIR", "TERM"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Open MPI here: root needs explicit consent, 2 cores need oversubscription, and waiting ranks should yield.
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
config.environment["OMPI_MCA_mpi_yield_when_idle"] = "1"
config.environment["OMPI_MCA_btl_vader_single_copy_mechanism"] = "none"
# Tests must not inherit a developer's run-time overrides.
for var in list(config.environment):
    if var.startswith("LSC_"):
        del config.environment[var]
# ...unless asked for a whole suite: `lit --param lsc_env=LSC_REISSUE=on,LSC_X=y` (a RUN line's own env wins).
for item in lit_config.params.get("lsc_env", "").split(","):
    if "=" in item:
        name, value = item.split("=", 1)
        config.environment[name.strip()] = value

inc = os.path.join(config.lsc_source_dir, "include")
lib = config.lsc_lib_dir
# Programs linked with %lsc-libs load liblsc.so from this build.
config.environment["LD_LIBRARY_PATH"] = os.pathsep.join(
    [lib] + ([os.environ["LD_LIBRARY_PATH"]] if os.environ.get("LD_LIBRARY_PATH") else []))
seq_flags = "-std=c11 -O2 -Wall -Wno-unknown-pragmas -ffp-contract=off"
# A sanitized build (scripts/check.py's <build>/asan): lsc-rewrite and liblsc carry ASan+UBSan, so the programs
# linked with liblsc must too. Leaks are checked in lsc-rewrite (libclang's own process-long allocations are
# suppressed: test/sanitizer-suppressions.txt); not in MPI programs, where Open MPI's components, unloaded
# before the leak check runs, leave allocations no suppression can name. Memory errors and undefined
# behaviour are checked everywhere.
lsc_build_flags = seq_flags
rewrite_prefix = ""
if getattr(config, "sanitize", False):
    lsc_build_flags += " -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
    config.environment["ASAN_OPTIONS"] = "abort_on_error=0:detect_leaks=0"
    config.environment["LSAN_OPTIONS"] = "suppressions=%s" % os.path.join(
        config.lsc_source_dir, "test", "sanitizer-suppressions.txt")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    rewrite_prefix = "env ASAN_OPTIONS=abort_on_error=0:detect_leaks=1 "
    config.available_features.add("sanitized")
subst = [
    ("%lsc-rewrite", rewrite_prefix + os.path.join(config.lsc_tools_dir, "lsc-rewrite")),
    ("%lsc-plan", os.path.join(config.lsc_tools_dir, "lsc-plan")),
    ("%lsc-cc", os.path.join(config.lsc_tools_dir, "lsc-cc")),
    # Compile and link a program (rewritten or hand-written) against liblsc.
    ("%lsc-build", "%s %s -I%s -Werror -o" % (config.mpicc, lsc_build_flags, inc)),
    ("%lsc-libs", "-L%s -llsc %s -lm -ldl" % (lib, config.openmp_flags)),
    # The same, against the static archive: the worker capture must come along with lsc_parallel_for.
    ("%lsc-static-libs", "%s %s -lm -ldl" % (os.path.join(lib, "liblsc.a"), config.openmp_flags)),
    # The plain sequential build of a program, the reference for every run.
    ("%seq-build", "%s %s -o" % (config.cc, seq_flags)),
    # Each mpirun with a session directory of its own (the script says why).
    ("%mpirun", "sh %s %s --oversubscribe --bind-to none"
     % (os.path.join(config.test_source_root, "Inputs", "mpirun-own-session.sh"), config.mpirun)),
    ("%samples", os.path.join(config.lsc_source_dir, "samples")),
    ("%include", inc),
    # The source and build trees, for tests that install (cmake --install) or read the docs.
    ("%lsc-src", config.lsc_source_dir),
    ("%lsc-build-dir", config.lsc_binary_dir),
]
# lit applies substitutions in order: longest keys first so %lsc-rewrite is not eaten by a shorter key.
config.substitutions.extend(sorted(subst, key=lambda kv: -len(kv[0])))

config.available_features.add("mpi")
if config.openmp_flags:
    config.available_features.add("openmp")
if config.build_tools:
    config.available_features.add("rewriter")
# gcc behind mpicc: LSC_OUTLINED (include/lsc.h) is a gcc attribute, which test/cc/outlined-vectorizes.test
# checks by gcc's own report.
try:
    if "Free Software Foundation" in subprocess.run([config.mpicc, "--version"], stdout=subprocess.PIPE,
                                                    stderr=subprocess.DEVNULL, text=True).stdout:
        config.available_features.add("gcc")
except OSError:
    pass
# Optional tools some build-integration tests drive (test/install); scripts/install-deps.sh does not install them.
for tool in ("pkg-config", "ninja"):
    if shutil.which(tool):
        config.available_features.add(tool)
