/* slowdown.h - LSC_SLOWDOWN's emulated slower machine: per rank a factor that may change over time.
 *
 * A rank's profile is a list of steps "factor from second t on", t counted on the rank's own clock from the
 * moment liblsc started in that process (lsc_rt.origin, before main): so "4@0.5" makes the rank 4 times
 * slower once the program has run half a second, whichever loop is running then, and every later instance of
 * a loop sees it too. Before the first step the factor is 1. Pure: the unit tests and the chunk runners call
 * it with their own times. */
#ifndef LSC_CONFIG_SLOWDOWN_H
#define LSC_CONFIG_SLOWDOWN_H

#include <stddef.h>

/* Steps per rank: a few are enough to describe a rank that slows down and recovers. */
#define LSC_SLOWDOWN_STEPS 8

typedef struct lsc_slowdown {
  int steps;                         /* 0: factor 1 throughout                                  */
  double at[LSC_SLOWDOWN_STEPS];     /* seconds since start, strictly increasing, at[0] >= 0    */
  double factor[LSC_SLOWDOWN_STEPS]; /* from at[i] on (until at[i+1]): the factor, 1..1000      */
} lsc_slowdown;

/* A constant factor. */
lsc_slowdown lsc_slowdown_constant(double factor);
/* Parses one rank's item "F", "F@T" or steps "F@T:F@T..." (a first step without @ starts at 0), with
 * factors in [1, max_factor]. 0, or -1 when malformed. */
int lsc_slowdown_parse_item(const char *text, size_t len, double max_factor, lsc_slowdown *out);
/* The factor in force at time t (seconds since start). */
double lsc_slowdown_at(const lsc_slowdown *s, double t);
/* Whether the profile ever slows the rank down. */
int lsc_slowdown_any(const lsc_slowdown *s);
/* Work that took `busy` seconds at full speed, started at t0: when the emulated slower rank would finish it,
 * as seconds after t0 (>= busy). A step inside the span slows the part after it, so a long chunk that crosses
 * the step costs what a rank that slowed down mid-chunk would take. */
double lsc_slowdown_span(const lsc_slowdown *s, double t0, double busy);

#endif
