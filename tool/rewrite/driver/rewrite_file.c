#define _XOPEN_SOURCE 700
#include "driver/rewrite_file.h"

#include "analyse/analyse.h"
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

typedef struct loop_job {
  found_pragma *fp;
  lsc_pragma pragma;
  int parsed;
  analysis an;
  int analysed;
  loop_plan plan;
  int planned;
  rewrite_site site;
} loop_job;

static int parse_pragma(const source_file *sf, diag_sink *sink, loop_job *job) {
  clause_error err;
  if (pragma_parse(&job->fp->tokens, job->fp->after_lsc, &job->pragma, &err) != 0) {
    diag_at(sink, DIAG_ERROR, sf, err.pos.line, err.pos.col, "%s", err.message);
    if (err.has_note)
      diag_at(sink, DIAG_NOTE, sf, err.note_pos.line, err.note_pos.col, "%s", err.note);
    return -1;
  }
  job->parsed = 1;
  return 0;
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
  diag_at(sink, DIAG_NOTE, sf, fp->pos.line, fp->pos.col, "the pragma is here");
  return clang_getNullCursor();
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

/* A pipelined nest's distance vectors, one remark per array: what the runtime's boundary exchange honours. */
static void nest_remarks(const source_file *sf, diag_sink *sink, const loop_job *job, const char *schedule) {
  static const char *const kinds[] = {"flow", "anti", "output"};
  const analysis *an = &job->an;
  char sync[32] = "auto";
  if (an->nest.sync)
    snprintf(sync, sizeof sync, "%lld", (long long)an->nest.sync);
  diag_at_offset(
      sink, DIAG_REMARK, sf, an->h.loop_begin,
      "loop nest pipelined: '%s' is the scheduling dimension (schedule %s), '%s' the synchronization "
      "dimension (sync %s)",
      an->h.iv_name, schedule, an->nest.inner.iv_name, sync);
  for (size_t v = 0; v < an->nvars; v++) {
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < an->nest.ndeps; i++) {
      const nest_dep *d = &an->nest.deps[i];
      if (d->var == (int)v)
        sb_printf(&sb, "%s%s (%lld, %lld)", sb.len ? ", " : "", kinds[d->kind], (long long)d->d1,
                  (long long)d->d2);
    }
    if (sb.len)
      diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "dependence distances of '%s' in (%s, %s): %s",
                     an->vars[v].name, an->h.iv_name, an->nest.inner.iv_name, sb_str(&sb));
    sb_free(&sb);
  }
  diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin,
                 "a chunk needs the last %lld row%s of the previous chunk; skew %lld",
                 (long long)an->nest.dep_rows, an->nest.dep_rows == 1 ? "" : "s", (long long)an->nest.skew);
}

static void remarks(const source_file *sf, diag_sink *sink, const loop_job *job) {
  const analysis *an = &job->an;
  const clause *sched = pragma_clause(&job->pragma, CLAUSE_SCHEDULE);
  if (an->pipeline)
    nest_remarks(sf, sink, job, sched ? sched->arg : "chosen by the runtime");
  else
    diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "loop parallelised over '%s' (schedule %s)",
                   an->h.iv_name, sched ? sched->arg : "chosen by the runtime");
  for (size_t i = 0; i < job->plan.nfields; i++)
    if (job->plan.fields[i].remark)
      diag_at_offset(sink, DIAG_REMARK, sf, an->h.loop_begin, "%s", job->plan.fields[i].remark);
}

static int process_loops(CXTranslationUnit tu, CXFile file, const source_file *sf, diag_sink *sink,
                         found_pragmas *pragmas, strbuf *out) {
  function_spans fs = {NULL, 0, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_function, &fs);
  loop_job *jobs = xcalloc(pragmas->count, sizeof *jobs);
  int failed = 0;
  size_t *begins = xcalloc(fs.count, sizeof *begins), *ends = xcalloc(fs.count, sizeof *ends);
  for (size_t i = 0; i < fs.count; i++) {
    begins[i] = fs.items[i].begin;
    ends[i] = fs.items[i].end;
  }
  local_macro_uses macros;
  find_local_macro_uses(tu, begins, ends, pragmas->count ? fs.count : 0, &macros);
  free(begins);
  free(ends);
  for (size_t i = 0; i < pragmas->count; i++) {
    loop_job *job = &jobs[i];
    job->fp = &pragmas->items[i];
    if (parse_pragma(sf, sink, job) != 0) {
      failed = 1;
      continue;
    }
    for (size_t j = 0; j < i; j++) {
      if (jobs[j].analysed && job->fp->start >= jobs[j].an.h.loop_begin &&
          job->fp->start < jobs[j].an.h.loop_end) {
        diag_at(sink, DIAG_ERROR, sf, job->fp->pos.line, job->fp->pos.col,
                "'#pragma lsc' loops cannot be nested; the enclosing loop is already parallel");
        diag_at(sink, DIAG_NOTE, sf, jobs[j].fp->pos.line, jobs[j].fp->pos.col,
                "the enclosing parallel loop");
        job->parsed = 0;
        failed = 1;
      }
    }
    if (!job->parsed)
      continue;
    CXCursor loop = marked_loop(tu, file, sf, sink, job->fp);
    const function_span *fn =
        clang_Cursor_isNull(loop) ? NULL : enclosing_function(&fs, job->fp->next_offset);
    if (clang_Cursor_isNull(loop)) {
      failed = 1;
      continue;
    }
    if (!fn) {
      diag_at_offset(sink, DIAG_ERROR, sf, job->fp->next_offset, "a parallel loop must be inside a function");
      failed = 1;
      continue;
    }
    analysis_init(&job->an, sf, sink, tu, &job->pragma, job->fp->start, loop);
    job->analysed = 1;
    if (analyse_loop(&job->an) != 0 || macros_defined_in_function(sf, sink, &macros, &job->an, fn) != 0) {
      failed = 1;
      continue;
    }
    char suffix[32];
    name_suffix(jobs, i, suffix, sizeof suffix);
    plan_loop(&job->an, suffix, &job->plan);
    job->planned = 1;
    remarks(sf, sink, job);
    rewrite_site s = {fn->begin, job->fp->start, job->an.h.loop_end, &job->an, &job->plan};
    job->site = s;
  }
  if (!failed && sink->errors == 0) {
    rewrite_site *sites = xcalloc(pragmas->count, sizeof *sites);
    for (size_t i = 0; i < pragmas->count; i++)
      sites[i] = jobs[i].site;
    emit_file(sf, sites, pragmas->count, out);
    free(sites);
  }
  for (size_t i = 0; i < pragmas->count; i++) {
    if (jobs[i].planned)
      loop_plan_free(&jobs[i].plan);
    if (jobs[i].analysed)
      analysis_free(&jobs[i].an);
    lsc_pragma_free(&jobs[i].pragma);
  }
  free(jobs);
  free(fs.items);
  local_macro_uses_free(&macros);
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
    pragma_find_all(tu, file, &sf, &pragmas);
    rc = process_loops(tu, file, &sf, sink, &pragmas, out);
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
