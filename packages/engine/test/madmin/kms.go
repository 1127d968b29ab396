// The `kms` command of madmin-probe: the KMS calls of madmin-go 2.0.7 (GET /minio/kms/v1/status,
// POST /minio/kms/v1/key/create, GET /minio/kms/v1/key/list, GET /minio/kms/v1/key/status). It
// creates the key named by MADMIN_KMS_KEY, tries to create it again (an error), lists keys, and
// asks the status of that key and of one that does not exist; each step is recorded like the iam
// command's (bucket-encryption.test.ts asserts on them).
package main

import (
	"context"
	"os"

	"github.com/minio/madmin-go"
)

func runKMS(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	r := &iamReport{Steps: map[string]step{}}
	key := os.Getenv("MADMIN_KMS_KEY")

	status, err := adm.KMSStatus(ctx)
	r.record("KMSStatus", status, err)

	r.record("CreateKey", nil, adm.CreateKey(ctx, key))
	r.record("CreateKeyAgain", nil, adm.CreateKey(ctx, key))

	keys, err := adm.ListKeys(ctx, "*")
	r.record("ListKeys", keys, err)

	known, err := adm.GetKeyStatus(ctx, key)
	r.record("GetKeyStatus", known, err)
	unknown, err := adm.GetKeyStatus(ctx, "no-such-key-for-probe")
	r.record("GetKeyStatusUnknown", unknown, err)

	ok := r.Steps["KMSStatus"].OK && r.Steps["CreateKey"].OK && r.Steps["ListKeys"].OK && r.Steps["GetKeyStatus"].OK
	return r, ok
}
