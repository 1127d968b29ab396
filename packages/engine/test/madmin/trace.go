// The `trace` command of madmin-probe: the live trace and console log streams through madmin-go
// 2.0.7. It opens ServiceTrace (S3 calls only) and sends an anonymous PUT of an object into the
// bucket MADMIN_BUCKET every 200 ms (refused 403: the engine traces refused calls too) until the
// trace delivers that PUT, and reads the first entry GetLogs replays; the report holds what madmin
// decoded (the TS test asserts on it).
package main

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/minio/madmin-go"
)

type traceReport struct {
	Trace  *madmin.TraceInfo `json:"trace"`
	Log    *madmin.LogInfo   `json:"log"`
	Errors map[string]string `json:"errors"`
}

func runTrace(ctx context.Context, adm *madmin.AdminClient, endpoint, bucket string) (interface{}, bool) {
	rep := traceReport{Errors: map[string]string{}}
	traceCtx, stopTrace := context.WithTimeout(ctx, 20*time.Second)
	defer stopTrace()
	traces := adm.ServiceTrace(traceCtx, madmin.ServiceTraceOpts{S3: true})
	path := "/" + bucket + "/madmin-probe-trace"
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case info, open := <-traces:
			if !open {
				rep.Errors["ServiceTrace"] = "the trace channel closed"
				break wait
			}
			if info.Err != nil {
				rep.Errors["ServiceTrace"] = describe(info.Err)
				break wait
			}
			if info.Trace.Path == path {
				rep.Trace = &info.Trace
				break wait
			}
		case <-tick.C:
			req, _ := http.NewRequestWithContext(traceCtx, http.MethodPut, "http://"+endpoint+path, strings.NewReader("traced"))
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		case <-traceCtx.Done():
			rep.Errors["ServiceTrace"] = "no trace of the PUT within 20 s"
			break wait
		}
	}
	stopTrace()

	logCtx, stopLog := context.WithTimeout(ctx, 10*time.Second)
	defer stopLog()
	select {
	case entry, open := <-adm.GetLogs(logCtx, "", 5, "ALL"):
		if !open {
			rep.Errors["GetLogs"] = "the log channel closed"
		} else if entry.Err != nil {
			rep.Errors["GetLogs"] = describe(entry.Err)
		} else {
			rep.Log = &entry
		}
	case <-logCtx.Done():
		rep.Errors["GetLogs"] = "no log entry within 10 s"
	}
	return rep, len(rep.Errors) == 0
}
