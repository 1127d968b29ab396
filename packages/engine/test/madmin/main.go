// Command madmin-probe drives a Coffer engine (or any MinIO server) through MinIO's own Go admin
// SDK, madmin-go, exactly as Debian packages it (golang-github-minio-madmin-go-dev 2.0.7), so the
// integration tests can prove that the real client decodes the engine's admin responses.
//
// It is built in GOPATH mode against /usr/share/gocode (nothing is downloaded) and prints one JSON
// document on stdout:
//
//	madmin-probe info   -> ServerInfo, StorageInfo, DataUsageInfo and AccountInfo as madmin decoded them
//	madmin-probe heal   -> a recursive heal sequence started, polled until it ends, its items, and
//	                       the background heal state
//	madmin-probe iam    -> every IAM call of madmin (users, groups, canned policies, policy mapping,
//	                       service accounts, STS account info) in one scripted session, each step's
//	                       decoded result or error code under its name (see iam.go)
//	madmin-probe quota  -> get/set/clear the hard quota of the bucket MADMIN_BUCKET (see quota.go)
//	madmin-probe kms    -> KMS status, key create/list/status with the key MADMIN_KMS_KEY (see kms.go)
//	madmin-probe config -> set/get/del/help of the server configuration (see config.go)
//	madmin-probe trace  -> ServiceTrace of an anonymous PUT and GetLogs' replay (see trace.go)
//	madmin-probe healthinfo -> ServerHealthInfo's stream decoded into HealthInfo, summarised (see healthinfo.go)
//	madmin-probe replication -> remote target, rule, replicated object, metrics and resync with
//	                       madmin-go and minio-go (see replication.go)
//
// The endpoint (host:port) and the credentials come from the environment (MADMIN_ENDPOINT,
// MADMIN_ACCESS_KEY, MADMIN_SECRET_KEY) so no secret appears on a command line. Every call's error
// is reported in the "errors" map (with the S3/admin error code when the server sent one) and makes
// the exit status 1; the caller asserts on the rest.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/minio/madmin-go"
)

type infoReport struct {
	ServerInfo  *madmin.InfoMessage   `json:"serverInfo"`
	BackendType string                `json:"backendType"`
	StdParity   int                   `json:"standardParity"`
	StorageInfo *madmin.StorageInfo   `json:"storageInfo"`
	DataUsage   *madmin.DataUsageInfo `json:"dataUsage"`
	AccountInfo *madmin.AccountInfo   `json:"accountInfo"`
	Errors      map[string]string     `json:"errors"`
}

type healReport struct {
	ClientToken string                  `json:"clientToken"`
	Summary     string                  `json:"summary"`
	Detail      string                  `json:"detail"`
	Polls       int                     `json:"polls"`
	Items       []madmin.HealResultItem `json:"items"`
	Background  *madmin.BgHealState     `json:"background"`
	Errors      map[string]string       `json:"errors"`
}

// backendName spells madmin's BackendType enum (an int) the way MinIO's JSON does.
func backendName(t madmin.BackendType) string {
	switch t {
	case madmin.FS:
		return "FS"
	case madmin.Erasure:
		return "Erasure"
	case madmin.Gateway:
		return "Gateway"
	default:
		return "Unknown"
	}
}

// describe keeps the admin error code (e.g. XMinioAdminVersionMismatch) next to the message.
func describe(err error) string {
	var resp madmin.ErrorResponse
	if errors.As(err, &resp) {
		return fmt.Sprintf("%s: %s", resp.Code, resp.Message)
	}
	return err.Error()
}

func runInfo(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	rep := infoReport{Errors: map[string]string{}}
	if info, err := adm.ServerInfo(ctx); err != nil {
		rep.Errors["ServerInfo"] = describe(err)
	} else {
		rep.ServerInfo = &info
		rep.BackendType = backendName(info.BackendType())
		rep.StdParity = info.StandardParity()
	}
	if si, err := adm.StorageInfo(ctx); err != nil {
		rep.Errors["StorageInfo"] = describe(err)
	} else {
		rep.StorageInfo = &si
	}
	if du, err := adm.DataUsageInfo(ctx); err != nil {
		rep.Errors["DataUsageInfo"] = describe(err)
	} else {
		rep.DataUsage = &du
	}
	if ai, err := adm.AccountInfo(ctx, madmin.AccountOpts{}); err != nil {
		rep.Errors["AccountInfo"] = describe(err)
	} else {
		rep.AccountInfo = &ai
	}
	return rep, len(rep.Errors) == 0
}

// runHeal starts a recursive deep heal of everything (bucket "" heals all buckets) and polls it
// with its client token until the server reports it finished or stopped, as `mc admin heal` does.
func runHeal(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	rep := healReport{Errors: map[string]string{}}
	opts := madmin.HealOpts{Recursive: true, ScanMode: madmin.HealDeepScan}
	start, _, err := adm.Heal(ctx, "", "", opts, "", true, false)
	if err != nil {
		rep.Errors["HealStart"] = describe(err)
		return rep, false
	}
	rep.ClientToken = start.ClientToken
	for {
		_, status, err := adm.Heal(ctx, "", "", opts, start.ClientToken, false, false)
		rep.Polls++
		if err != nil {
			rep.Errors["HealStatus"] = describe(err)
			return rep, false
		}
		rep.Items = append(rep.Items, status.Items...)
		rep.Summary = status.Summary
		rep.Detail = status.FailureDetail
		if status.Summary == "finished" || status.Summary == "stopped" {
			// The background heal state must decode too (drives being refilled, the set's drives).
			bg, err := adm.BackgroundHealStatus(ctx)
			if err != nil {
				rep.Errors["BackgroundHealStatus"] = describe(err)
				return rep, false
			}
			rep.Background = &bg
			return rep, status.Summary == "finished"
		}
		select {
		case <-ctx.Done():
			rep.Errors["HealStatus"] = "deadline while waiting for the heal sequence: " + ctx.Err().Error()
			return rep, false
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func main() {
	if len(os.Args) != 2 || (os.Args[1] != "info" && os.Args[1] != "heal" && os.Args[1] != "iam" && os.Args[1] != "quota" && os.Args[1] != "kms" && os.Args[1] != "config" && os.Args[1] != "trace" && os.Args[1] != "healthinfo" && os.Args[1] != "replication") {
		fmt.Fprintln(os.Stderr, "usage: madmin-probe info|heal|iam|quota|kms|config|trace|healthinfo|replication (env MADMIN_ENDPOINT, MADMIN_ACCESS_KEY, MADMIN_SECRET_KEY; quota, replication: MADMIN_BUCKET; replication: MADMIN_TARGET_{ENDPOINT,ACCESS_KEY,SECRET_KEY,BUCKET}; kms: MADMIN_KMS_KEY; config: MADMIN_WEBHOOK)")
		os.Exit(2)
	}
	adm, err := madmin.New(os.Getenv("MADMIN_ENDPOINT"), os.Getenv("MADMIN_ACCESS_KEY"), os.Getenv("MADMIN_SECRET_KEY"), false)
	if err != nil {
		fmt.Fprintln(os.Stderr, "madmin.New:", err)
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()

	var rep interface{}
	var ok bool
	switch os.Args[1] {
	case "info":
		rep, ok = runInfo(ctx, adm)
	case "heal":
		rep, ok = runHeal(ctx, adm)
	// ---- bucket quota (quota.go) ----
	case "quota":
		rep, ok = runQuota(ctx, adm)
	// ---- end quota ----
	// ---- KMS (kms.go) ----
	case "kms":
		rep, ok = runKMS(ctx, adm)
	// ---- end KMS ----
	// ---- server configuration (config.go) ----
	case "config":
		rep, ok = runConfig(ctx, adm)
	// ---- end config ----
	// ---- trace and console log (trace.go) ----
	case "trace":
		rep, ok = runTrace(ctx, adm, os.Getenv("MADMIN_ENDPOINT"), os.Getenv("MADMIN_BUCKET"))
	// ---- end trace ----
	// ---- health info (healthinfo.go) ----
	case "healthinfo":
		rep, ok = runHealthInfo(ctx, adm)
	// ---- end health info ----
	// ---- bucket replication (replication.go) ----
	case "replication":
		rep, ok = runReplication(ctx, adm)
	// ---- end replication ----
	default:
		rep, ok = runIAM(ctx, adm, os.Getenv("MADMIN_ENDPOINT"))
	}
	out, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		fmt.Fprintln(os.Stderr, "json:", err)
		os.Exit(2)
	}
	fmt.Println(string(out))
	if !ok {
		os.Exit(1)
	}
}
