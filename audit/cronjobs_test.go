package audit

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
)

func TestCronLate(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	cj := func(spec, status obj, created string) studioctl.Object {
		return studioctl.NewObject(obj{"metadata": obj{"name": "report", "namespace": "ops", "creationTimestamp": created},
			"spec": spec, "status": status})
	}
	cases := []struct {
		name       string
		c          studioctl.Object
		late       bool
		due, since string
	}{
		{"every minute, never run, made an hour ago",
			cj(obj{"schedule": "* * * * *"}, obj{}, "2026-12-05T11:00:00Z"), true, "2026-12-05T11:01:00Z", "2026-12-05T11:00:00Z"},
		{"every minute, last run a minute ago",
			cj(obj{"schedule": "* * * * *"}, obj{"lastScheduleTime": "2026-12-05T11:59:00Z"}, "2026-12-01T00:00:00Z"), false, "", ""},
		{"daily at 03:00, ran today",
			cj(obj{"schedule": "0 3 * * *"}, obj{"lastScheduleTime": "2026-12-05T03:00:00Z"}, "2026-12-01T00:00:00Z"), false, "", ""},
		{"daily at 03:00, last ran yesterday",
			cj(obj{"schedule": "0 3 * * *"}, obj{"lastScheduleTime": "2026-12-04T03:00:00Z"}, "2026-12-01T00:00:00Z"), true, "2026-12-05T03:00:00Z", "2026-12-04T03:00:00Z"},
		{"due four minutes ago is within the 300-second grace",
			cj(obj{"schedule": "56 11 * * *"}, obj{"lastScheduleTime": "2026-12-04T11:56:00Z"}, "2026-12-01T00:00:00Z"), false, "", ""},
		{"startingDeadlineSeconds shortens the grace",
			cj(obj{"schedule": "56 11 * * *", "startingDeadlineSeconds": 60}, obj{"lastScheduleTime": "2026-12-04T11:56:00Z"}, "2026-12-01T00:00:00Z"),
			true, "2026-12-05T11:56:00Z", "2026-12-04T11:56:00Z"},
		{"a zone moves the due time: 03:00 in Tokyo is 18:00 UTC the day before",
			cj(obj{"schedule": "0 3 * * *", "timeZone": "Asia/Tokyo"}, obj{"lastScheduleTime": "2026-12-03T18:00:00Z"}, "2026-12-01T00:00:00Z"),
			true, "2026-12-04T18:00:00Z", "2026-12-03T18:00:00Z"},
		{"descriptor @hourly, never run, made at 11:30",
			cj(obj{"schedule": "@hourly"}, obj{}, "2026-12-05T11:30:00Z"), false, "", ""},
		{"descriptor @hourly, never run, made at 10:30",
			cj(obj{"schedule": "@hourly"}, obj{}, "2026-12-05T10:30:00Z"), true, "2026-12-05T11:00:00Z", "2026-12-05T10:30:00Z"},
		{"suspended is another check's", cj(obj{"schedule": "* * * * *", "suspend": true}, obj{}, "2026-12-05T11:00:00Z"), false, "", ""},
		{"an unreadable schedule says nothing", cj(obj{"schedule": "every day"}, obj{}, "2026-12-05T11:00:00Z"), false, "", ""},
		{"an inline zone says nothing", cj(obj{"schedule": "CRON_TZ=UTC * * * * *"}, obj{}, "2026-12-05T11:00:00Z"), false, "", ""},
		{"an unknown zone says nothing", cj(obj{"schedule": "* * * * *", "timeZone": "Mars/Olympus"}, obj{}, "2026-12-05T11:00:00Z"), false, "", ""},
		{"no times at all says nothing", cj(obj{"schedule": "* * * * *"}, obj{}, ""), false, "", ""},
	}
	for _, c := range cases {
		due, since, late := cronLate(c.c, now)
		got := [3]string{}
		if late {
			got = [3]string{"late", due.Format(time.RFC3339), since.Format(time.RFC3339)}
		}
		want := [3]string{}
		if c.late {
			want = [3]string{"late", c.due, c.since}
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, d)
		}
	}
}

func TestLateCronJobsFindings(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	late := studioctl.NewObject(obj{"metadata": obj{"name": "export", "namespace": "ops", "creationTimestamp": "2026-12-05T11:00:00Z"},
		"spec": obj{"schedule": "*/5 * * * *"}})
	fine := studioctl.NewObject(obj{"metadata": obj{"name": "fine", "namespace": "ops", "creationTimestamp": "2026-12-05T11:58:00Z"},
		"spec": obj{"schedule": "*/5 * * * *"}})
	cronjobs := &objects{served: true, byNS: map[string][]studioctl.Object{"ops": {late, fine}}}
	fs := lateCronJobs(cronjobs, "ops", now)
	if len(fs) != 1 || fs[0].Code != CodeCronJobLate || fs[0].Name != "export" {
		t.Fatalf("findings: %+v", fs)
	}
	want := "CronJob export was due at 2026-12-05T11:05:00Z and no run was scheduled since 2026-12-05T11:00:00Z."
	if fs[0].Message != want {
		t.Errorf("message:\n got %q\nwant %q", fs[0].Message, want)
	}
}
