// The `healthinfo` command of madmin-probe: health info (OBD) through madmin-go 2.0.7, as
// `mc support diag` reads it. ServerHealthInfo asks for every section and checks the stream's
// version; each following document is decoded into madmin's HealthInfo (a field of the wrong type
// is an error, as everywhere in this probe). The report summarises what madmin decoded from the
// last document (the TS test asserts on it) and lists the top-level fields madmin 2.0.7 does not
// know (they are ignored by its decoder).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"sort"
	"time"

	"github.com/minio/madmin-go"
)

type healthSummary struct {
	Version              string   `json:"version"`
	Documents            int      `json:"documents"`
	TimestampSet         bool     `json:"timestampSet"`
	UnknownFields        []string `json:"unknownFields"`
	CPUNodes             int      `json:"cpuNodes"`
	CPUCores             int      `json:"cpuCores"`
	CPUModel             string   `json:"cpuModel"`
	MemTotal             uint64   `json:"memTotal"`
	MemAvailable         uint64   `json:"memAvailable"`
	Hostname             string   `json:"hostname"`
	KernelVersion        string   `json:"kernelVersion"`
	DrivesWithPartitions int      `json:"drivesWithPartitions"`
	PartitionsWithSpace  int      `json:"partitionsWithSpace"`
	DeploymentID         string   `json:"deploymentID"`
	Servers              int      `json:"servers"`
	ServerDrives         int      `json:"serverDrives"`
	NodeErrors           []string `json:"nodeErrors"`
}

type healthReport struct {
	Summary *healthSummary    `json:"summary"`
	Errors  map[string]string `json:"errors"`
}

// knownHealthFields are HealthInfo's top-level JSON names in madmin-go 2.0.7.
var knownHealthFields = map[string]bool{"version": true, "error": true, "timestamp": true, "sys": true, "minio": true}

func runHealthInfo(ctx context.Context, adm *madmin.AdminClient) (interface{}, bool) {
	rep := healthReport{Errors: map[string]string{}}
	resp, version, err := adm.ServerHealthInfo(ctx, madmin.HealthDataTypesList, time.Minute)
	if err != nil {
		rep.Errors["ServerHealthInfo"] = describe(err)
		return rep, false
	}
	defer resp.Body.Close()
	sum := &healthSummary{Version: version, UnknownFields: []string{}, NodeErrors: []string{}}
	rep.Summary = sum
	unknown := map[string]bool{}
	var last madmin.HealthInfo
	decoder := json.NewDecoder(resp.Body)
	for {
		var raw json.RawMessage
		if err := decoder.Decode(&raw); err != nil {
			if !errors.Is(err, io.EOF) {
				rep.Errors["stream"] = err.Error()
			}
			break
		}
		var info madmin.HealthInfo
		if err := json.Unmarshal(raw, &info); err != nil {
			rep.Errors["HealthInfo"] = err.Error()
			break
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err == nil {
			for name := range fields {
				if !knownHealthFields[name] {
					unknown[name] = true
				}
			}
		}
		if info.Error != "" {
			rep.Errors["HealthInfo.error"] = info.Error
		}
		sum.Documents++
		last = info
	}
	if sum.Documents == 0 {
		rep.Errors["stream"] = "no HealthInfo document after the version"
		return rep, false
	}
	for name := range unknown {
		sum.UnknownFields = append(sum.UnknownFields, name)
	}
	sort.Strings(sum.UnknownFields)
	sum.TimestampSet = !last.TimeStamp.IsZero()
	summarise(sum, last)
	return rep, len(rep.Errors) == 0
}

// summarise counts what the last document says about this node (each section has one entry per node).
func summarise(sum *healthSummary, info madmin.HealthInfo) {
	for _, node := range info.Sys.CPUInfo {
		sum.CPUNodes++
		if node.Error != "" {
			sum.NodeErrors = append(sum.NodeErrors, "cpus: "+node.Error)
		}
		for _, cpu := range node.CPUs {
			sum.CPUCores += cpu.Cores
			if sum.CPUModel == "" {
				sum.CPUModel = cpu.ModelName
			}
		}
	}
	for _, node := range info.Sys.MemInfo {
		if node.Error != "" {
			sum.NodeErrors = append(sum.NodeErrors, "meminfo: "+node.Error)
		}
		sum.MemTotal += node.Total
		sum.MemAvailable += node.Available
	}
	for _, node := range info.Sys.OSInfo {
		if node.Error != "" {
			sum.NodeErrors = append(sum.NodeErrors, "osinfo: "+node.Error)
		}
		sum.Hostname = node.Info.Hostname
		sum.KernelVersion = node.Info.KernelVersion
	}
	for _, node := range info.Sys.Partitions {
		if node.Error != "" {
			sum.NodeErrors = append(sum.NodeErrors, "partitions: "+node.Error)
		}
		for _, p := range node.Partitions {
			if p.Error == "" && p.Mountpoint != "" && p.FSType != "" {
				sum.DrivesWithPartitions++
			}
			if p.SpaceTotal > 0 && p.SpaceFree <= p.SpaceTotal {
				sum.PartitionsWithSpace++
			}
		}
	}
	sum.DeploymentID = info.Minio.Info.DeploymentID
	sum.Servers = len(info.Minio.Info.Servers)
	for _, server := range info.Minio.Info.Servers {
		sum.ServerDrives += len(server.Drives)
	}
}
