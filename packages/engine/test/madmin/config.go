// The `config` command of madmin-probe: the server configuration through madmin-go's own calls
// (issue 10 §1). It sets a dynamic sub-system (compression) and a restart-only one
// (notify_webhook:probe, endpoint MADMIN_WEBHOOK), reads both back (the text decrypted by madmin),
// lists the configuration history, asks for help on notify_webhook (madmin refuses unknown JSON fields), sends a refused value,
// deletes the webhook target and reads the sub-system again; each step is recorded with its value
// or error code (engine-config.test.ts asserts on them). SetConfigKV/DelConfigKV report whether a
// restart is needed, which is how madmin reads the x-minio-config-applied header.
package main

import (
	"context"
	"os"

	"github.com/minio/madmin-go"
)

func runConfig(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	r := &iamReport{Steps: map[string]step{}}

	restart, err := adm.SetConfigKV(ctx, `compression extensions=".txt,.csv" mime_types="text/*"`)
	r.record("SetCompression", map[string]bool{"restart": restart}, err)
	got, err := adm.GetConfigKV(ctx, "compression")
	r.record("GetCompression", string(got), err)

	restart, err = adm.SetConfigKV(ctx, `notify_webhook:probe endpoint="`+os.Getenv("MADMIN_WEBHOOK")+`" auth_token="probe secret"`)
	r.record("SetWebhook", map[string]bool{"restart": restart}, err)
	got, err = adm.GetConfigKV(ctx, "notify_webhook:probe")
	r.record("GetWebhook", string(got), err)

	history, err := adm.ListConfigHistoryKV(ctx, 10)
	r.record("ListHistory", history, err)

	help, err := adm.HelpConfigKV(ctx, "notify_webhook", "", false)
	r.record("HelpWebhook", help, err)

	_, err = adm.SetConfigKV(ctx, `notify_webhook:bad queue_dir=relative/dir endpoint=http://127.0.0.1:1/x`)
	r.record("SetRefused", nil, err)

	restart, err = adm.DelConfigKV(ctx, "notify_webhook:probe")
	r.record("DelWebhook", map[string]bool{"restart": restart}, err)
	got, err = adm.GetConfigKV(ctx, "notify_webhook")
	r.record("GetWebhookAfterDel", string(got), err)

	ok := r.Steps["SetCompression"].OK && r.Steps["SetWebhook"].OK && r.Steps["HelpWebhook"].OK && r.Steps["DelWebhook"].OK
	return r, ok
}
