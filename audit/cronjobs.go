package audit

import (
	"math"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
)

// cronSchedule reads a CronJob's schedule as the CronJob controller does: five fields or a
// descriptor such as @hourly, in spec.timeZone when it names a zone, else UTC (the controller
// manager's zone on every managed cluster). A schedule that names its zone inline (TZ= or
// CRON_TZ=), which the API server refuses, or a zone this machine does not know, yields no
// schedule: the check then says nothing rather than guess.
func cronSchedule(c studioctl.Object) (cron.Schedule, bool) {
	spec := strings.TrimSpace(c.String("spec", "schedule"))
	if spec == "" || strings.Contains(spec, "TZ=") {
		return nil, false
	}
	if tz := c.String("spec", "timeZone"); tz != "" {
		if _, err := time.LoadLocation(tz); err != nil {
			return nil, false
		}
		spec = "CRON_TZ=" + tz + " " + spec
	}
	s, err := cron.ParseStandard(spec)
	if err != nil {
		return nil, false
	}
	return s, true
}

// cronLate reports when a CronJob's run was due (due) and since when none was scheduled (since):
// the first run its schedule owed after its last scheduled run (or its creation, when it never
// ran) lies more than its grace before now. The grace is spec.startingDeadlineSeconds, past which
// the controller itself gives a run up, else the check's threshold. A suspended CronJob is the
// suspension check's concern, not this one's.
func cronLate(c studioctl.Object, now time.Time) (due, since time.Time, late bool) {
	if v, _ := c.Field("spec", "suspend"); v == true || now.IsZero() {
		return time.Time{}, time.Time{}, false
	}
	sched, ok := cronSchedule(c)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	since = apivalue.Time(c.String("status", "lastScheduleTime"))
	if since.IsZero() {
		if since = apivalue.Time(c.String("metadata", "creationTimestamp")); since.IsZero() {
			return time.Time{}, time.Time{}, false
		}
	}
	grace := time.Duration(limit(CodeCronJobLate)) * time.Second
	if d := intField(c, -1, "spec", "startingDeadlineSeconds"); d >= 0 && d < math.MaxInt32 {
		grace = time.Duration(d) * time.Second
	}
	due = sched.Next(since)
	if due.IsZero() || !due.Add(grace).Before(now) {
		return time.Time{}, time.Time{}, false
	}
	return due.UTC(), since.UTC(), true
}

// lateCronJobs are a namespace's CronJobs behind their schedule at now.
func lateCronJobs(cronjobs *objects, ns string, now time.Time) []Finding {
	var fs []Finding
	for _, c := range cronjobs.byNS[ns] {
		if due, since, late := cronLate(c, now); late {
			fs = append(fs, newFinding(CodeCronJobLate, "CronJob", ns, c.Name(), "", SentenceCronJobLate,
				c.Name(), due.Format(time.RFC3339), since.Format(time.RFC3339)))
		}
	}
	return fs
}
