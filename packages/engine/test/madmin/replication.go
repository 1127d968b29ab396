// The `replication` command of madmin-probe: bucket replication set up and watched with MinIO's own
// Go SDKs as Debian packages them (madmin-go 2.0.7 for the remote target, minio-go 7.0.46 for the
// S3 side). On the versioned bucket MADMIN_BUCKET it adds the remote target MADMIN_TARGET_* (a
// versioned bucket on another server), lists it, sets a replication rule naming its ARN, writes an
// object and waits until StatObject says COMPLETED, reads the replication metrics, starts a resync
// and reads its status, tries to remove the target while the rule names it, then removes rule and
// target. Each step is recorded like the iam command's (replication.test.ts asserts on them).
package main

import (
	"context"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/minio/madmin-go"
	minio "github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/replication"
)

// recordS3 records a minio-go call like `record` does a madmin one (minio-go's own error type).
func (r *iamReport) recordS3(name string, value interface{}, err error) {
	var resp minio.ErrorResponse
	if err != nil && errors.As(err, &resp) {
		r.Steps[name] = step{OK: false, Code: resp.Code, Error: resp.Message}
		r.Order = append(r.Order, name)
		return
	}
	r.record(name, value, err)
}

func runReplication(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	r := &iamReport{Steps: map[string]step{}}
	bucket := os.Getenv("MADMIN_BUCKET")
	endpoint := os.Getenv("MADMIN_ENDPOINT")

	arn, err := adm.SetRemoteTarget(ctx, bucket, &madmin.BucketTarget{
		SourceBucket: bucket,
		Endpoint:     os.Getenv("MADMIN_TARGET_ENDPOINT"),
		Credentials: &madmin.Credentials{
			AccessKey: os.Getenv("MADMIN_TARGET_ACCESS_KEY"),
			SecretKey: os.Getenv("MADMIN_TARGET_SECRET_KEY"),
		},
		TargetBucket: os.Getenv("MADMIN_TARGET_BUCKET"),
		API:          "s3v4",
		Type:         madmin.ReplicationService,
	})
	r.record("SetRemoteTarget", arn, err)
	if err != nil {
		return r, false
	}
	targets, err := adm.ListRemoteTargets(ctx, bucket, string(madmin.ReplicationService))
	r.record("ListRemoteTargets", targets, err)

	s3, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(os.Getenv("MADMIN_ACCESS_KEY"), os.Getenv("MADMIN_SECRET_KEY"), ""),
		Region: "us-east-1",
	})
	if err != nil {
		r.record("NewS3Client", nil, err)
		return r, false
	}
	cfg := replication.Config{Rules: []replication.Rule{{
		ID:                        "probe",
		Status:                    replication.Enabled,
		Priority:                  1,
		DeleteMarkerReplication:   replication.DeleteMarkerReplication{Status: replication.Enabled},
		DeleteReplication:         replication.DeleteReplication{Status: replication.Enabled},
		ExistingObjectReplication: replication.ExistingObjectReplication{Status: replication.Enabled},
		Filter:                    replication.Filter{Prefix: "probe/"},
		Destination:               replication.Destination{Bucket: arn},
	}}}
	r.recordS3("SetBucketReplication", nil, s3.SetBucketReplication(ctx, bucket, cfg))
	got, err := s3.GetBucketReplication(ctx, bucket)
	r.recordS3("GetBucketReplication", got.Rules, err)

	_, err = s3.PutObject(ctx, bucket, "probe/object.txt", strings.NewReader("probe"), 5, minio.PutObjectOptions{})
	r.recordS3("PutObject", nil, err)
	status := ""
	for status != "COMPLETED" && ctx.Err() == nil {
		info, err := s3.StatObject(ctx, bucket, "probe/object.txt", minio.StatObjectOptions{})
		if err != nil {
			r.recordS3("StatObject", nil, err)
			break
		}
		status = info.ReplicationStatus
		if status != "COMPLETED" {
			time.Sleep(50 * time.Millisecond)
		}
	}
	r.record("ReplicationStatus", status, nil)

	metrics, err := s3.GetBucketReplicationMetrics(ctx, bucket)
	r.recordS3("GetBucketReplicationMetrics", metrics.Stats[arn], err)

	reset, err := s3.ResetBucketReplicationOnTarget(ctx, bucket, 0, arn)
	r.recordS3("ResetBucketReplicationOnTarget", reset.Targets, err)
	resync, err := s3.GetBucketReplicationResyncStatus(ctx, bucket, arn)
	r.recordS3("GetBucketReplicationResyncStatus", resync.Targets, err)

	r.record("RemoveRemoteTargetInUse", nil, adm.RemoveRemoteTarget(ctx, bucket, arn))
	r.recordS3("RemoveBucketReplication", nil, s3.RemoveBucketReplication(ctx, bucket))
	r.record("RemoveRemoteTarget", nil, adm.RemoveRemoteTarget(ctx, bucket, arn))
	after, err := adm.ListRemoteTargets(ctx, bucket, string(madmin.ReplicationService))
	r.record("ListRemoteTargetsAfter", len(after), err)

	ok := r.Steps["SetRemoteTarget"].OK && r.Steps["SetBucketReplication"].OK && status == "COMPLETED"
	return r, ok
}
