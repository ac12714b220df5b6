/* rewrite_file.c - one input file through the stages: compile flags (compile_commands.json, then the
 * command line), the translation unit, the pragmas (find), then each marked loop as a plain sequence of
 * stage calls (process_loop), and the output only when every loop made it through. */
#define _XOPEN_SOURCE 700
#include "driver/rewrite_file.h"
#include "driver/remarks.h"

#include "analyse/analyse.h"
#include "analyse/region_infer.h"
#include "clause/clause.h"
#include "driver/compile_db.h"
#include "driver/translation_unit.h"
#include "emit/emit.h"
#include "find/macro_scope.h"
#include "find/pragma_find.h"
#include "plan/plan.h"
#include "support/cursor_util.h"
#include "support/source_file.h"
#include "support/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct function_span {
  size_t begin, end;
} function_span;

typedef struct function_spans {
  function_span *items;
  size_t count, cap;
} function_spans;

static enum CXChildVisitResult collect_function(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      cursor_in_main_file(c)) {
    function_spans *fs = data;
    function_span s;
    cursor_offsets(c, &s.begin, &s.end);
    VEC_PUSH(fs->items, fs->count, fs->cap, s);
  }
  return CXChildVisit_Continue;
}

static const function_span *enclosing_function(const function_spans *fs, size_t offset) {
  for (size_t i = 0; i < fs->count; i++)
    if (offset >= fs->items[i].begin && offset < fs->items[i].end)
      return &fs->items[i];
  return NULL;
}

/* What the stages share about the file: its functions (a loop's body is outlined before its function) and
 * the macros defined inside them (which the outlined body could not see). */
typedef struct file_context {
  CXTranslationUnit tu;
  CXFile file;
  const source_file *sf;
  diag_sink *sink;
  function_spans functions;
  local_macro_uses macros;
} file_context;

static void file_context_init(file_context *fc, CXTranslationUnit tu, CXFile file, const source_file *sf,
                              diag_sink *sink, const found_pragmas *pragmas) {
  memset(fc, 0, sizeof *fc);
  fc->tu = tu;
  fc->file = file;
  fc->sf = sf;
  fc->sink = sink;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_function, &fc->functions);
  size_t n = fc->functions.count;
  size_t *begins = xcalloc(n ? n : 1, sizeof *begins), *ends = xcalloc(n ? n : 1, sizeof *ends);
  for (size_t i = 0; i < n; i++) {
    begins[i] = fc->functions.items[i].begin;
    ends[i] = fc->functions.items[i].end;
  }
  find_local_macro_uses(tu, begins, ends, pragmas->count ? n : 0, &fc->macros);
  free(begins);
  free(ends);
}

static void file_context_free(file_context *fc) {
  free(fc->functions.items);
  local_macro_uses_free(&fc->macros);
}

/* One marked loop on its way through the stages; each flag says how far it got, for what must be freed. */
typedef struct loop_job {
  found_pragma *fp;
  lsc_pragma pragma;
  int parsed;
  int is_region; /* a data directive (analyse/region.h), not a loop */
  region_info region;
  int region_done;
  analysis an;
  int analysed;
  loop_plan plan;
  int planned;
  rewrite_site site;
} loop_job;

/* clause stage */
static int parse_pragma(const file_context *fc, loop_job *job) {
  clause_error err;
  if (pragma_parse(&job->fp->tokens, job->fp->after_lsc, &job->pragma, &err) != 0) {
    diag_at(fc->sink, DIAG_ERROR, fc->sf, err.pos.line, err.pos.col, "%s", err.message);
    if (err.has_fixit)
      diag_fixit(fc->sink, err.pos.col, err.fix_len, err.fix_text);
    if (err.has_note)
      diag_at(fc->sink, DIAG_NOTE, fc->sf, err.note_pos.line, err.note_pos.col, "%s", err.note);
    return -1;
  }
  job->parsed = 1;
  return 0;
}

/* A pragma inside a loop already marked: one error per enclosing loop. */
static int refuse_nested(const file_context *fc, loop_job *jobs, size_t i) {
  loop_job *job = &jobs[i];
  for (size_t j = 0; j < i; j++) {
    if (jobs[j].analysed && job->fp->start >= jobs[j].an.h.loop_begin &&
        job->fp->start < jobs[j].an.h.loop_end && job->is_region) {
      diag_at(fc->sink, DIAG_ERROR, fc->sf, job->fp->pos.line, job->fp->pos.col,
              "'#pragma lsc %s' cannot be inside a parallel loop: put it around the loop",
              directive_name(job->pragma.kind));
      diag_at(fc->sink, DIAG_NOTE, fc->sf, jobs[j].fp->pos.line, jobs[j].fp->pos.col, "the parallel loop");
      job->parsed = 0;
    } else if (jobs[j].analysed && job->fp->start >= jobs[j].an.h.loop_begin &&
               job->fp->start < jobs[j].an.h.loop_end) {
      diag_at(fc->sink, DIAG_ERROR, fc->sf, job->fp->pos.line, job->fp->pos.col,
              "'#pragma lsc' loops cannot be nested; the enclosing loop is already parallel");
      diag_at(fc->sink, DIAG_NOTE, fc->sf, jobs[j].fp->pos.line, jobs[j].fp->pos.col,
              "the enclosing parallel loop");
      job->parsed = 0;
    }
  }
  return job->parsed ? 0 : -1;
}

static CXCursor marked_loop(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                            const found_pragma *fp) {
  if (fp->has_next && fp->next_is_for) {
    CXCursor c = clang_getCursor(tu, clang_getLocationForOffset(tu, file, (unsigned)fp->next_offset));
    if (clang_getCursorKind(c) == CXCursor_ForStmt)
      return c;
  }
  size_t at = fp->has_next ? fp->next_offset : fp->start;
  diag_at_offset(sink, DIAG_ERROR, sf, at, "'#pragma lsc parallel for' must be followed by a 'for' loop");
  if (fp->macro)
    diag_at(sink, DIAG_NOTE, sf, fp->pos.line, fp->pos.col,
            "the pragma is the expansion of macro '%s' here; the 'for' must follow the macro's use in the "
            "source",
            fp->macro);
  else
    diag_at(sink, DIAG_NOTE, sf, fp->pos.line, fp->pos.col, "the pragma is here");
  return clang_getNullCursor();
}

/* The `for` a pragma marks and the function around it. */
static int locate_loop(const file_context *fc, const loop_job *job, CXCursor *loop,
                       const function_span **fn) {
  *loop = marked_loop(fc->tu, fc->file, fc->sf, fc->sink, job->fp);
  if (clang_Cursor_isNull(*loop))
    return -1;
  *fn = enclosing_function(&fc->functions, job->fp->next_offset);
  if (!*fn) {
    diag_at_offset(fc->sink, DIAG_ERROR, fc->sf, job->fp->next_offset,
                   "a parallel loop must be inside a function");
    return -1;
  }
  return 0;
}

static int macros_defined_in_function(const source_file *sf, diag_sink *sink, const local_macro_uses *macros,
                                      const analysis *an, const function_span *fn) {
  for (size_t i = 0; i < macros->count; i++) {
    const local_macro_use *u = &macros->items[i];
    if (u->expansion < an->h.body_begin || u->expansion >= an->h.body_end || u->definition < fn->begin ||
        u->definition >= fn->end)
      continue;
    diag_at_offset(
        sink, DIAG_ERROR, sf, u->expansion,
        "macro '%s' is defined inside the function; the outlined loop body comes before the function, "
        "where it is not defined",
        u->name);
    diag_at_offset(sink, DIAG_NOTE, sf, u->definition, "'%s' is defined here", u->name);
    return -1;
  }
  return 0;
}

static void name_suffix(const loop_job *jobs, size_t i, char *buf, size_t len) {
  int line = jobs[i].an.for_line, same = 0;
  for (size_t j = 0; j < i; j++)
    same += jobs[j].planned && jobs[j].an.for_line == line;
  if (same)
    snprintf(buf, len, "%d_%d", line, same + 1);
  else
    snprintf(buf, len, "%d", line);
}

static enum CXChildVisitResult match_function(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  CXCursor *want = data;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      cursor_in_main_file(c) && cursor_offset(c) == cursor_offset(*want)) {
    *want = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* A data directive (`data`, `update`, `enter data`, `exit data`): inside a function, not inside a parallel
 * loop, its items sized and its statement found. */
static int process_region(const file_context *fc, loop_job *jobs, size_t i) {
  loop_job *job = &jobs[i];
  if (refuse_nested(fc, jobs, i) != 0)
    return -1;
  const function_span *fn = enclosing_function(&fc->functions, job->fp->start);
  if (!fn) {
    diag_at(fc->sink, DIAG_ERROR, fc->sf, job->fp->pos.line, job->fp->pos.col,
            "'#pragma lsc %s' must be inside a function", directive_name(job->pragma.kind));
    return -1;
  }
  CXCursor fn_cursor =
      clang_getCursor(fc->tu, clang_getLocationForOffset(fc->tu, fc->file, (unsigned)fn->begin));
  CXCursor found = fn_cursor;
  clang_visitChildren(clang_getTranslationUnitCursor(fc->tu), match_function, &found);
  if (analyse_region(fc->tu, fc->file, fc->sf, fc->sink, &job->pragma, job->fp, found, &job->region) != 0) {
    region_info_free(&job->region);
    return -1;
  }
  job->region_done = 1;
  return 0;
}

/* One marked loop through the stages, in order: clauses, the loop, its analysis, its plan. A stage that
 * fails ends the sequence; its diagnostics are in the sink. */
static int process_loop(const file_context *fc, loop_job *jobs, size_t i) {
  loop_job *job = &jobs[i];
  CXCursor loop;
  const function_span *fn;
  if (parse_pragma(fc, job) != 0)
    return -1;
  if (!directive_is_loop(job->pragma.kind)) {
    job->is_region = 1;
    return process_region(fc, jobs, i);
  }
  if (refuse_nested(fc, jobs, i) != 0 || locate_loop(fc, job, &loop, &fn) != 0)
    return -1;
  analysis_init(&job->an, fc->sf, fc->sink, fc->tu, &job->pragma, job->fp->start, loop);
  job->analysed = 1;
  if (analyse_loop(&job->an) != 0 ||
      macros_defined_in_function(fc->sf, fc->sink, &fc->macros, &job->an, fn) != 0)
    return -1;
  char suffix[32];
  name_suffix(jobs, i, suffix, sizeof suffix);
  plan_loop(&job->an, suffix, &job->plan);
  job->planned = 1;
  loop_remarks(fc->sf, fc->sink, &job->an, &job->plan);
  rewrite_site site = {fn->begin, job->fp->start, job->an.h.loop_end, &job->an, &job->plan};
  job->site = site;
  return 0;
}

/* Rank 0's code inside the data regions, once every loop is known (region_uses.c). */
static int check_regions(const file_context *fc, const loop_job *jobs, size_t count) {
  size_t *loops = xcalloc(2 * count + 1, sizeof *loops), nloops = 0;
  region_info *regions = xcalloc(count ? count : 1, sizeof *regions);
  size_t nregions = 0;
  for (size_t i = 0; i < count; i++) {
    if (jobs[i].is_region) {
      regions[nregions++] = jobs[i].region;
    } else if (jobs[i].analysed) {
      loops[nloops++] = jobs[i].fp->start;
      loops[nloops++] = jobs[i].an.h.loop_end;
    }
  }
  int rc = check_region_uses(fc->tu, fc->file, fc->sf, fc->sink, regions, nregions, loops, nloops);
  free(loops);
  free(regions);
  return rc;
}

/* The regions lsc infers around time loops (region_infer.c), once every loop and directive is known:
 * appended to *inferred. */
static void infer_file_regions(const file_context *fc, const loop_job *jobs, size_t count,
                               region_info **inferred, size_t *ninferred, size_t *cap) {
  infer_loop *loops = xcalloc(count ? count : 1, sizeof *loops);
  region_info *directives = xcalloc(count ? count : 1, sizeof *directives);
  size_t nloops = 0, ndirectives = 0;
  for (size_t i = 0; i < count; i++) {
    if (jobs[i].is_region) {
      directives[ndirectives++] = jobs[i].region;
    } else if (jobs[i].analysed) {
      infer_loop l = {jobs[i].fp->start, jobs[i].an.h.loop_end, &jobs[i].an};
      loops[nloops++] = l;
    }
  }
  infer_regions(fc->tu, fc->file, fc->sf, fc->sink, loops, nloops, directives, ndirectives, inferred,
                ninferred, cap);
  free(loops);
  free(directives);
}

/* emit stage: only when every loop of the file made it through, so nothing is half-written on error. The
 * inferred regions come after the directives' (an inferred region neither holds nor sits in another). */
static void emit_jobs(const file_context *fc, const loop_job *jobs, size_t count, const region_info *inferred,
                      size_t ninferred, strbuf *out) {
  rewrite_site *sites = xcalloc(count ? count : 1, sizeof *sites);
  region_info *regions = xcalloc(count + ninferred + 1, sizeof *regions);
  size_t nsites = 0, nregions = 0;
  for (size_t i = 0; i < count; i++) {
    if (jobs[i].is_region)
      regions[nregions++] = jobs[i].region;
    else
      sites[nsites++] = jobs[i].site;
  }
  for (size_t i = 0; i < ninferred; i++)
    regions[nregions++] = inferred[i];
  emit_file(fc->sf, sites, nsites, regions, nregions, out);
  free(sites);
  free(regions);
}

static void loop_job_free(loop_job *job) {
  if (job->region_done)
    region_info_free(&job->region);
  if (job->planned)
    loop_plan_free(&job->plan);
  if (job->analysed)
    analysis_free(&job->an);
  lsc_pragma_free(&job->pragma);
}

static int process_loops(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                         found_pragmas *pragmas, int infer, strbuf *out) {
  file_context fc;
  file_context_init(&fc, tu, file, sf, sink, pragmas);
  loop_job *jobs = xcalloc(pragmas->count ? pragmas->count : 1, sizeof *jobs);
  int failed = 0;
  for (size_t i = 0; i < pragmas->count; i++) {
    jobs[i].fp = &pragmas->items[i];
    int errors_before = sink->errors;
    if (process_loop(&fc, jobs, i) == 0)
      continue;
    failed = 1;
    /* Every stage reports why it stops; should one ever not, the pragma still must not pass in silence. */
    if (sink->errors == errors_before)
      diag_at(sink, DIAG_ERROR, sf, pragmas->items[i].pos.line, pragmas->items[i].pos.col,
              "this lsc pragma was not rewritten (an internal error of lsc-rewrite; please report it)");
  }
  if (!failed && check_regions(&fc, jobs, pragmas->count) != 0)
    failed = 1;
  region_info *inferred = NULL;
  size_t ninferred = 0, inferred_cap = 0;
  if (!failed && sink->errors == 0 && infer)
    infer_file_regions(&fc, jobs, pragmas->count, &inferred, &ninferred, &inferred_cap);
  if (!failed && sink->errors == 0)
    emit_jobs(&fc, jobs, pragmas->count, inferred, ninferred, out);
  for (size_t i = 0; i < ninferred; i++)
    region_info_free(&inferred[i]);
  free(inferred);
  for (size_t i = 0; i < pragmas->count; i++)
    loop_job_free(&jobs[i]);
  free(jobs);
  file_context_free(&fc);
  return failed || sink->errors ? -1 : 0;
}

/* Flags from compile_commands.json come first; the ones after -- can add to or override them. */
static int collect_flags(const rewrite_request *req, const char *abs_path, diag_sink *sink,
                         compile_flags *flags) {
  memset(flags, 0, sizeof *flags);
  if (req->build_dir) {
    compile_db_status st = compile_db_lookup(req->build_dir, abs_path, flags);
    if (st == COMPILE_DB_UNREADABLE) {
      char *msg = xasprintf("cannot read compile_commands.json in '%s'", req->build_dir);
      diag_record(sink, DIAG_ERROR, NULL, 0, 0, NULL, msg);
      free(msg);
      return -1;
    }
    if (st == COMPILE_DB_NO_ENTRY) {
      char *msg = xasprintf("'%s' has no entry in %s/compile_commands.json; using the flags after --",
                            req->path, req->build_dir);
      diag_record(sink, DIAG_WARNING, NULL, 0, 0, NULL, msg);
      diag_set_group(sink, WARN_COMPILE_DB);
      free(msg);
    }
  }
  for (size_t i = 0; i < req->nargs; i++) {
    char *copy = xstrdup(req->args[i]);
    VEC_PUSH(flags->args, flags->count, flags->cap, copy);
  }
  return 0;
}

int rewrite_file(CXIndex index, const rewrite_request *req, diag_sink *sink, strbuf *out) {
  source_file sf;
  if (source_file_load(&sf, req->path) != 0) {
    char *msg = xasprintf("cannot read '%s': %s", req->path, strerror(errno));
    diag_record(sink, DIAG_ERROR, NULL, 0, 0, NULL, msg);
    free(msg);
    return -1;
  }
  char abs_path[PATH_MAX];
  if (!realpath(req->path, abs_path))
    snprintf(abs_path, sizeof abs_path, "%s", req->path);
  compile_flags flags;
  if (collect_flags(req, abs_path, sink, &flags) != 0) {
    source_file_free(&sf);
    return -1;
  }
  /* Relative -I flags of a compile command are relative to its directory. */
  int saved_cwd = -1;
  if (flags.directory) {
    saved_cwd = open(".", O_RDONLY | O_DIRECTORY);
    if (chdir(flags.directory) != 0) {
      close(saved_cwd);
      saved_cwd = -1;
    }
  }
  int rc = -1;
  CXTranslationUnit tu = translation_unit_parse(index, saved_cwd >= 0 ? abs_path : req->path, flags.args,
                                                flags.count, req->resource_dir, &sf, sink);
  if (tu) {
    CXFile file = clang_getFile(tu, saved_cwd >= 0 ? abs_path : req->path);
    found_pragmas pragmas;
    pragma_find_all(tu, file, &sf, sink, &pragmas);
    rc = process_loops(tu, file, &sf, sink, &pragmas, !req->no_infer_regions, out);
    found_pragmas_free(&pragmas);
    clang_disposeTranslationUnit(tu);
  }
  if (saved_cwd >= 0) {
    if (fchdir(saved_cwd) != 0)
      rc = -1;
    close(saved_cwd);
  }
  compile_flags_free(&flags);
  source_file_free(&sf);
  return rc;
}
