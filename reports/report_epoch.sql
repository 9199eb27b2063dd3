-- reports/report_epoch.sql: the report's date (SOURCE_DATE_EPOCH unless set):
-- the end of the latest stored run, in seconds since 1970 (0 when there is
-- none), so that two renders of one database give the same bytes.
SELECT coalesce(strftime('%s', max(finished_utc)), 0) FROM run;
