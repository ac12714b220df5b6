// Library functions that keep state inside the process are refused with their name and why, directly in the
// body and through a function of the file (with the call path when it is longer than the message says).
// rand_r and strtok_r take their state as an argument, which the analysis sees: they pass.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static int draw(void) { return rand() % 6; }
static int roll(void) { return draw() + 1; }

int main(void) {
  double a[100];
  srand(1);
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = rand() % 7;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = (double)random() + drand48();
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = roll();
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    char w[8] = "a b";
    a[i] = strtok(w, " ") != 0;
  }
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = getenv("HOME") != 0 || setlocale(LC_ALL, "C") != 0;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = (double)time(0) + (double)clock();
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    a[i] = getchar();
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    unsigned seed = (unsigned)i;
    char *save;
    char w[8] = "a b";
    a[i] = rand_r(&seed) % 7 + (strtok_r(w, " ", &save) != 0);
  }
  return (int)a[0];
}

// ERR: {{.*}}hidden_state_library.c:[[@LINE-31]]:12: error: 'rand' keeps hidden state: its random-number state lives in each process, so the iterations on worker ranks would draw other numbers than the sequential program; name it in 'hidden_state(rand)' to accept per-process state
// ERR-NEXT:     a[i] = rand() % 7;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-31]]:20: error: 'random' keeps hidden state: its random-number state lives in each process, so the iterations on worker ranks would draw other numbers than the sequential program; name it in 'hidden_state(random)' to accept per-process state
// ERR-NEXT:     a[i] = (double)random() + drand48();
// ERR-NEXT:                    ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-34]]:31: error: 'drand48' keeps hidden state: its random-number state lives in each process, so the iterations on worker ranks would draw other numbers than the sequential program; name it in 'hidden_state(drand48)' to accept per-process state
// ERR-NEXT:     a[i] = (double)random() + drand48();
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-34]]:12: error: 'draw' calls 'rand', which keeps hidden state: its random-number state lives in each process, so the iterations on worker ranks would draw other numbers than the sequential program; name it in 'hidden_state(rand)' to accept per-process state
// ERR-NEXT:     a[i] = roll();
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-51]]:32: note: 'rand' is called here
// ERR-NEXT: static int draw(void) { return rand() % 6; }
// ERR-NEXT:                                ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-53]]:32: note: call path: loop -> roll -> draw -> rand
// ERR-NEXT: static int roll(void) { return draw() + 1; }
// ERR-NEXT:                                ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-39]]:12: error: 'strtok' keeps hidden state: it keeps its place in the string in hidden static state, which each process has its own of; name it in 'hidden_state(strtok)' to accept per-process state
// ERR-NEXT:     a[i] = strtok(w, " ") != 0;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-38]]:12: error: 'getenv' keeps hidden state: the environment is each process's own: it differs between ranks and does not see changes rank 0 made; name it in 'hidden_state(getenv)' to accept per-process state
// ERR-NEXT:     a[i] = getenv("HOME") != 0 || setlocale(LC_ALL, "C") != 0;
// ERR-NEXT:            ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-41]]:35: error: 'setlocale' keeps hidden state: it sets the locale of the process that runs the iteration only; name it in 'hidden_state(setlocale)' to accept per-process state
// ERR-NEXT:     a[i] = getenv("HOME") != 0 || setlocale(LC_ALL, "C") != 0;
// ERR-NEXT:                                   ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-41]]:20: error: 'time' keeps hidden state: its result depends on when and where the iteration runs, which changes with the rank count and the schedule; name it in 'hidden_state(time)' to accept per-process state
// ERR-NEXT:     a[i] = (double)time(0) + (double)clock();
// ERR-NEXT:                    ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-44]]:38: error: 'clock' keeps hidden state: its result depends on when and where the iteration runs, which changes with the rank count and the schedule; name it in 'hidden_state(clock)' to accept per-process state
// ERR-NEXT:     a[i] = (double)time(0) + (double)clock();
// ERR-NEXT:                                      ^
// ERR-NEXT: {{.*}}hidden_state_library.c:[[@LINE-44]]:12: error: 'getchar' keeps hidden state: a stream's position is each process's own: worker ranks would read other data than rank 0 (and have no standard input); name it in 'hidden_state(getchar)' to accept per-process state
// ERR-NEXT:     a[i] = getchar();
// ERR-NEXT:            ^
// ERR-NEXT: 10 errors generated.
