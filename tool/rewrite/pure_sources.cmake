# The rewriter's parts without libclang: the library lsc_rewrite_pure and the unit tests (test/unit/rewrite,
# also built in the sanitizer build, where the tool itself is not) compile this one list.
set(LSC_REWRITE_DIR ${CMAKE_CURRENT_LIST_DIR})
set(LSC_REWRITE_PURE_SOURCES
    ${LSC_REWRITE_DIR}/support/strbuf.c ${LSC_REWRITE_DIR}/support/source_file.c
    ${LSC_REWRITE_DIR}/support/diag.c ${LSC_REWRITE_DIR}/support/warning_groups.c ${LSC_REWRITE_DIR}/support/poly.c ${LSC_REWRITE_DIR}/support/depend.c
    ${LSC_REWRITE_DIR}/support/section_expr.c ${LSC_REWRITE_DIR}/support/distance.c
    ${LSC_REWRITE_DIR}/find/pragma_lex.c ${LSC_REWRITE_DIR}/clause/clause.c)
