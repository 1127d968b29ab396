// The `quota` command of madmin-probe: bucket quota through madmin-go 2.0.7, which speaks the
// older BucketQuota dialect (`{"quota":N,"quotatype":"hard"}`, no `size` field). On the bucket
// named by MADMIN_BUCKET (which must exist and have no quota) it reads the absent quota (an
// error), sets a hard quota, reads it back, clears it with a zero quota and reads it again; each
// step is recorded like the iam command's (bucket-quota-lock.test.ts asserts on them).
package main

import (
	"context"
	"os"

	"github.com/minio/madmin-go"
)

// probeQuotaBytes is the limit the quota command sets: 3 MiB.
const probeQuotaBytes = 3 << 20

func runQuota(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	r := &iamReport{Steps: map[string]step{}}
	bucket := os.Getenv("MADMIN_BUCKET")

	_, err := adm.GetBucketQuota(ctx, bucket)
	r.record("GetBucketQuotaUnset", nil, err)

	r.record("SetBucketQuota", nil, adm.SetBucketQuota(ctx, bucket, &madmin.BucketQuota{
		Quota: probeQuotaBytes,
		Type:  madmin.HardQuota,
	}))
	q, err := adm.GetBucketQuota(ctx, bucket)
	r.record("GetBucketQuota", q, err)

	r.record("ClearBucketQuota", nil, adm.SetBucketQuota(ctx, bucket, &madmin.BucketQuota{}))
	_, err = adm.GetBucketQuota(ctx, bucket)
	r.record("GetBucketQuotaCleared", nil, err)

	_, err = adm.GetBucketQuota(ctx, "no-such-bucket-for-probe")
	r.record("GetBucketQuotaNoBucket", nil, err)

	ok := r.Steps["SetBucketQuota"].OK && r.Steps["GetBucketQuota"].OK && r.Steps["ClearBucketQuota"].OK
	return r, ok
}
