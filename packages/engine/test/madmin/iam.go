// The `iam` command of madmin-probe: one scripted IAM session through madmin-go 2.0.7, as an
// administrator (the root credentials from the environment) and as the user it creates. Every
// step is recorded under its name with what madmin decoded, or the error code the server sent;
// the integration test (clients-madmin-go.test.ts) asserts on the steps, including the ones that
// must fail (a policy in use, a no-op attach, a user without admin rights).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"

	"github.com/minio/madmin-go"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

const (
	probeUser     = "probe-user"
	probeSecret   = "probe-secret-1"
	probeSecret2  = "probe-secret-2"
	probeGroup    = "probe-group"
	probePolicy   = "probe-policy"
	probeSAKey    = "PROBESERVICEACCOUNT1"
	probeSASecret = "probe-service-account-secret"
)

const probePolicyDoc = `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:*"],"Resource":["arn:aws:s3:::probe-bucket","arn:aws:s3:::probe-bucket/*"]}]}`

const restrictingPolicyDoc = `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::probe-bucket/*"]}]}`

// step is one call's outcome: its decoded value, or the server's error code and message.
type step struct {
	OK    bool        `json:"ok"`
	Code  string      `json:"code,omitempty"`
	Error string      `json:"error,omitempty"`
	Value interface{} `json:"value,omitempty"`
}

type iamReport struct {
	Steps map[string]step `json:"steps"`
	// Order in which the steps ran, for reading the report.
	Order []string `json:"order"`
}

func (r *iamReport) record(name string, value interface{}, err error) {
	s := step{OK: err == nil, Value: value}
	if err != nil {
		var resp madmin.ErrorResponse
		if errors.As(err, &resp) {
			s.Code = resp.Code
			s.Error = resp.Message
		} else {
			s.Error = err.Error()
		}
	}
	r.Steps[name] = s
	r.Order = append(r.Order, name)
}

func sortedKeys(m map[string]madmin.UserInfo) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func runIAM(ctx context.Context, adm *madmin.AdminClient, endpoint string) (interface{}, bool) {
	r := &iamReport{Steps: map[string]step{}}

	// Canned policies.
	r.record("AddCannedPolicy", nil, adm.AddCannedPolicy(ctx, probePolicy, []byte(probePolicyDoc)))
	if list, err := adm.ListCannedPolicies(ctx); err != nil {
		r.record("ListCannedPolicies", nil, err)
	} else {
		names := make([]string, 0, len(list))
		for name := range list {
			names = append(names, name)
		}
		sort.Strings(names)
		r.record("ListCannedPolicies", names, nil)
	}
	if raw, err := adm.InfoCannedPolicy(ctx, probePolicy); err != nil {
		r.record("InfoCannedPolicy", nil, err)
	} else {
		var doc interface{}
		err = json.Unmarshal(raw, &doc)
		r.record("InfoCannedPolicy", doc, err)
	}
	if info, err := adm.InfoCannedPolicyV2(ctx, probePolicy); err != nil {
		r.record("InfoCannedPolicyV2", nil, err)
	} else {
		r.record("InfoCannedPolicyV2", map[string]interface{}{
			"policyName":    info.PolicyName,
			"policy":        json.RawMessage(info.Policy),
			"hasCreateDate": !info.CreateDate.IsZero(),
			"hasUpdateDate": !info.UpdateDate.IsZero(),
		}, nil)
	}
	_, err := adm.InfoCannedPolicy(ctx, "no-such-policy")
	r.record("InfoCannedPolicyMissing", nil, err)

	// Users.
	r.record("AddUser", nil, adm.AddUser(ctx, probeUser, probeSecret))
	r.record("SetPolicyUser", nil, adm.SetPolicy(ctx, "readonly", probeUser, false))
	if users, err := adm.ListUsers(ctx); err != nil {
		r.record("ListUsers", nil, err)
	} else {
		r.record("ListUsers", map[string]interface{}{"names": sortedKeys(users), "probe": users[probeUser]}, nil)
	}
	info, err := adm.GetUserInfo(ctx, probeUser)
	r.record("GetUserInfo", info, err)
	r.record("SetUserStatusDisabled", nil, adm.SetUserStatus(ctx, probeUser, madmin.AccountDisabled))
	info, err = adm.GetUserInfo(ctx, probeUser)
	r.record("GetUserInfoDisabled", info, err)
	r.record("SetUserStatusEnabled", nil, adm.SetUserStatus(ctx, probeUser, madmin.AccountEnabled))
	_, err = adm.GetUserInfo(ctx, "no-such-user")
	r.record("GetUserInfoMissing", nil, err)

	// Groups.
	r.record("UpdateGroupMembersAdd", nil, adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{
		Group: probeGroup, Members: []string{probeUser},
	}))
	desc, err := adm.GetGroupDescription(ctx, probeGroup)
	r.record("GetGroupDescription", desc, err)
	r.record("SetGroupStatusDisabled", nil, adm.SetGroupStatus(ctx, probeGroup, madmin.GroupDisabled))
	desc, err = adm.GetGroupDescription(ctx, probeGroup)
	r.record("GetGroupDescriptionDisabled", desc, err)
	r.record("SetGroupStatusEnabled", nil, adm.SetGroupStatus(ctx, probeGroup, madmin.GroupEnabled))
	groups, err := adm.ListGroups(ctx)
	r.record("ListGroups", groups, err)
	r.record("UpdateGroupMembersUnknownUser", nil, adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{
		Group: probeGroup, Members: []string{"no-such-user"},
	}))

	// Policy attachment.
	r.record("AttachPolicyGroup", nil, adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{
		Policies: []string{probePolicy}, Group: probeGroup,
	}))
	r.record("AttachPolicyGroupAgain", nil, adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{
		Policies: []string{probePolicy}, Group: probeGroup,
	}))
	entities, err := adm.GetPolicyEntities(ctx, madmin.PolicyEntitiesQuery{Policy: []string{probePolicy}})
	r.record("GetPolicyEntities", entities.PolicyMappings, err)
	info, err = adm.GetUserInfo(ctx, probeUser)
	r.record("GetUserInfoMemberOf", info, err)
	r.record("RemoveCannedPolicyInUse", nil, adm.RemoveCannedPolicy(ctx, probePolicy))
	r.record("DetachPolicyGroup", nil, adm.DetachPolicy(ctx, madmin.PolicyAssociationReq{
		Policies: []string{probePolicy}, Group: probeGroup,
	}))
	r.record("AttachPolicyUser", nil, adm.AttachPolicy(ctx, madmin.PolicyAssociationReq{
		Policies: []string{probePolicy}, User: probeUser,
	}))
	info, err = adm.GetUserInfo(ctx, probeUser)
	r.record("GetUserInfoAttached", info, err)
	r.record("SetPolicyGroup", nil, adm.SetPolicy(ctx, "readwrite", probeGroup, true))
	desc, err = adm.GetGroupDescription(ctx, probeGroup)
	r.record("GetGroupDescriptionPolicy", desc, err)

	// Service accounts, as the administrator for the user.
	creds, err := adm.AddServiceAccount(ctx, madmin.AddServiceAccountReq{
		TargetUser: probeUser,
		AccessKey:  probeSAKey,
		SecretKey:  probeSASecret,
		Policy:     json.RawMessage(restrictingPolicyDoc),
		Comment:    "made by madmin-probe",
	})
	r.record("AddServiceAccount", creds, err)
	list, err := adm.ListServiceAccounts(ctx, probeUser)
	r.record("ListServiceAccounts", list.Accounts, err)
	sa, err := adm.InfoServiceAccount(ctx, probeSAKey)
	r.record("InfoServiceAccount", sa, err)
	r.record("UpdateServiceAccount", nil, adm.UpdateServiceAccount(ctx, probeSAKey, madmin.UpdateServiceAccountReq{
		NewStatus: "off",
	}))
	sa, err = adm.InfoServiceAccount(ctx, probeSAKey)
	r.record("InfoServiceAccountUpdated", sa, err)
	r.record("DeleteServiceAccount", nil, adm.DeleteServiceAccount(ctx, probeSAKey))
	_, err = adm.InfoServiceAccount(ctx, probeSAKey)
	r.record("InfoServiceAccountDeleted", nil, err)

	// The user itself: account info, its own secret, its own service account, no admin rights.
	user, err := madmin.New(endpoint, probeUser, probeSecret, false)
	if err == nil {
		acct, err := user.AccountInfo(ctx, madmin.AccountOpts{})
		r.record("UserAccountInfo", map[string]interface{}{"accountName": acct.AccountName, "policy": acct.Policy}, err)
		_, err = user.ListUsers(ctx)
		r.record("UserListUsers", nil, err)
		info, err = user.GetUserInfo(ctx, probeUser)
		r.record("UserGetOwnInfo", info, err)
		r.record("UserChangeOwnSecret", nil, user.SetUser(ctx, probeUser, probeSecret2, madmin.AccountEnabled))
		_, err = user.GetUserInfo(ctx, probeUser)
		r.record("UserOldSecretRefused", nil, err)
	}
	user2, err := madmin.New(endpoint, probeUser, probeSecret2, false)
	if err == nil {
		own, err := user2.AddServiceAccount(ctx, madmin.AddServiceAccountReq{})
		r.record("UserAddOwnServiceAccount", map[string]bool{
			"accessKey": own.AccessKey != "",
			"secretKey": own.SecretKey != "",
		}, err)
		mine, err := user2.ListServiceAccounts(ctx, "")
		r.record("UserListOwnServiceAccounts", mine.Accounts, err)
		r.record("UserDeleteOwnServiceAccount", nil, user2.DeleteServiceAccount(ctx, own.AccessKey))

		// STS AssumeRole as the user, then the administrator looks at the temporary account.
		sts, err := credentials.NewSTSAssumeRole("http://"+endpoint, credentials.STSAssumeRoleOptions{
			AccessKey: probeUser, SecretKey: probeSecret2, DurationSeconds: 900,
		})
		if err == nil {
			var v credentials.Value
			v, err = sts.Get()
			if err == nil {
				tmp, err := adm.TemporaryAccountInfo(ctx, v.AccessKeyID)
				r.record("TemporaryAccountInfo", tmp, err)
				stsAdm, err := madmin.NewWithOptions(endpoint, &madmin.Options{Creds: sts})
				if err == nil {
					acct, err := stsAdm.AccountInfo(ctx, madmin.AccountOpts{})
					r.record("StsAccountInfo", map[string]string{"accountName": acct.AccountName}, err)
				}
			}
		}
		if err != nil {
			r.record("AssumeRole", nil, err)
		}
	}

	// Tear down: members, group, user, policy.
	r.record("UpdateGroupMembersRemove", nil, adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{
		Group: probeGroup, Members: []string{probeUser}, IsRemove: true,
	}))
	r.record("RemoveGroup", nil, adm.UpdateGroupMembers(ctx, madmin.GroupAddRemove{
		Group: probeGroup, Members: []string{}, IsRemove: true,
	}))
	groups, err = adm.ListGroups(ctx)
	r.record("ListGroupsAfterRemove", groups, err)
	r.record("RemoveUser", nil, adm.RemoveUser(ctx, probeUser))
	_, err = adm.GetUserInfo(ctx, probeUser)
	r.record("GetUserInfoRemoved", nil, err)
	r.record("RemoveCannedPolicy", nil, adm.RemoveCannedPolicy(ctx, probePolicy))
	_, err = adm.InfoCannedPolicy(ctx, probePolicy)
	r.record("InfoCannedPolicyRemoved", nil, err)

	ok := true
	for name, s := range r.Steps {
		expectFailure := strings.HasSuffix(name, "Missing") || strings.HasSuffix(name, "Again") ||
			strings.HasSuffix(name, "InUse") || strings.HasSuffix(name, "UnknownUser") ||
			strings.HasSuffix(name, "Deleted") || strings.HasSuffix(name, "Refused") ||
			strings.HasSuffix(name, "Removed") || name == "UserListUsers"
		if s.OK == expectFailure {
			ok = false
		}
	}
	return r, ok
}
