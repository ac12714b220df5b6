/* listing.h - the chunk sequence of a plan without simulation: workers ask in turn. */
#ifndef LSC_PLAN_LISTING_H
#define LSC_PLAN_LISTING_H

#include "args.h"
#include "simulate.h"

/* Prints every chunk as the planner hands it out; 0, or -1 when out of memory. */
int plan_print_listing(const plan_options *o, lsc_planner *pl);
/* Prints the chunks a simulation recorded, with their virtual times. */
void plan_print_records(const plan_options *o, const sim_result *r);

#endif
