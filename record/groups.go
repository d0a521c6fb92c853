package record

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A recording directory holds one file per statement group, recording-<group>.json, so that two
// changes which add statements to different groups rewrite different files. Each file carries the
// recording's header; a replay merges the files in name order, which is the order the live suite
// ran the groups in, so a request asked in several groups is answered in the order it was asked.
const (
	groupPrefix = "recording-"
	groupSuffix = ".json"
	// singleFile is a recording kept whole, as a single capture or an older directory holds it.
	singleFile = "recording.json"
)

// GroupFile is the name of a group's recording file in a recording directory.
func GroupFile(group string) string { return groupPrefix + group + groupSuffix }

// SaveGroups writes the exchanges of each group to its own file in dir, each sorted by request
// as Save sorts (a stable sort, so the answers to one request keep the order they were given).
// Exchanges made before any group was set are filed under fallback. Only the groups that made
// exchanges and that keep accepts (nil: all) are written; a group file already in dir for another
// group is left as it is.
func (r *Recording) SaveGroups(dir, fallback string, keep func(group string) bool) error {
	byGroup := map[string][]*Exchange{}
	for _, ex := range r.Exchanges {
		g := ex.group
		if g == "" {
			g = fallback
		}
		if keep == nil || keep(g) {
			byGroup[g] = append(byGroup[g], ex)
		}
	}
	for g, exchanges := range byGroup {
		if err := checkGroupName(g); err != nil {
			return err
		}
		part := *r
		part.Exchanges = exchanges
		if err := part.Save(filepath.Join(dir, GroupFile(g))); err != nil {
			return err
		}
	}
	return nil
}

// checkGroupName keeps a group name to a plain file name part.
func checkGroupName(g string) error {
	if g == "" || strings.ContainsAny(g, `/\. `) {
		return fmt.Errorf("record: %q is not a group name (want letters, digits and dashes)", g)
	}
	return nil
}

// LoadDir reads a recording directory: recording.json when it holds one, then every
// recording-<group>.json in name order, merged into one recording. The files must agree on the
// server, the identity and the capture time.
func LoadDir(dir string) (*Recording, error) {
	paths, err := filepath.Glob(filepath.Join(dir, groupPrefix+"*"+groupSuffix))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	if _, err := os.Stat(filepath.Join(dir, singleFile)); err == nil {
		paths = append([]string{filepath.Join(dir, singleFile)}, paths...)
	}
	return mergeFiles(dir, paths)
}

// LoadGroups reads only the named groups' files of a recording directory, in name order, merged
// into one recording: a reading replayed on its own (a report) then gets the answers its own group
// was given, not those an earlier group got to the same request. Every named file must exist.
func LoadGroups(dir string, groups ...string) (*Recording, error) {
	paths := make([]string, 0, len(groups))
	for _, g := range groups {
		if err := checkGroupName(g); err != nil {
			return nil, err
		}
		paths = append(paths, filepath.Join(dir, GroupFile(g)))
	}
	sort.Strings(paths)
	return mergeFiles(dir, paths)
}

// mergeFiles reads the recording files paths of dir, in that order, into one recording.
func mergeFiles(dir string, paths []string) (*Recording, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("record: %s holds no recording file", dir)
	}
	var merged *Recording
	for _, p := range paths {
		data, err := readCapped(p)
		if err != nil {
			return nil, err
		}
		part, err := ParseRecording(data)
		if err != nil {
			return nil, fmt.Errorf("record: %s: %w", filepath.Base(p), err)
		}
		if merged == nil {
			merged = part
			continue
		}
		if part.Server != merged.Server || part.Identity != merged.Identity || !part.CapturedAt.Equal(merged.CapturedAt) || part.DiscoveryBeta != merged.DiscoveryBeta {
			return nil, fmt.Errorf("record: %s was captured apart from the other files of %s", filepath.Base(p), dir)
		}
		merged.Exchanges = append(merged.Exchanges, part.Exchanges...)
	}
	return merged, resolveBodies(dir, merged)
}
