int plan(void);
