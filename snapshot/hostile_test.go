package snapshot

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// rewriteFixture copies the fixture's entries as they are, raw, except that change may replace
// one entry's raw (compressed) bytes; it returns the new file's bytes.
func rewriteFixture(t *testing.T, change func(name string, raw []byte) []byte) []byte {
	t.Helper()
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.OpenRaw()
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(rc)
		raw = change(f.Name, raw)
		h := f.FileHeader
		h.CompressedSize64 = uint64(len(raw))
		w, err := zw.CreateRaw(&h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(raw)
	}
	zw.Close()
	return buf.Bytes()
}

// podsEntry is the name of the fixture's first pods entry.
func podsEntry(t *testing.T) string {
	s, err := Load(fixture)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, k := range s.Manifest.Kinds {
		if k.Group == "" && k.Resource == "pods" {
			return fmt.Sprintf(entryFormat, prefixKinds, i, 0)
		}
	}
	t.Fatal("the fixture holds no pods")
	return ""
}

// TestACorruptChunkIsARefusalOfTheFile (issue 32, item 11b): a kind entry whose compressed bytes
// are damaged is found when a statement reads the kind, and answered with studioctl's sentence
// about the file and exit 2, not as an unreachable server (exit 3), and never a panic.
func TestACorruptChunkIsARefusalOfTheFile(t *testing.T) {
	target := podsEntry(t)
	for name, damage := range map[string]func([]byte) []byte{
		"bytes flipped": func(raw []byte) []byte {
			out := append([]byte(nil), raw...)
			for i := len(out) / 3; i < len(out)/3+64 && i < len(out); i++ {
				out[i] ^= 0xa5
			}
			return out
		},
		"cut short": func(raw []byte) []byte { return raw[:len(raw)/2] },
	} {
		data := rewriteFixture(t, func(n string, raw []byte) []byte {
			if n == target {
				return damage(raw)
			}
			return raw
		})
		s, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: the file is refused before the entry is read: %v", name, err)
		}
		c := clientOn(s)
		if _, err := c.RefreshDiscovery(context.Background()); err != nil {
			t.Fatal(err)
		}
		err = c.ListTable(context.Background(), podKind.Ref(), kube.Scope{Namespace: "shop"}, kube.ListOptions{}, &countPager{})
		e, ok := fault.As(err)
		if !ok || e.Code != CodeRead || fault.ExitCode(err) != fault.ExitRefused || !strings.Contains(e.Sentence, "not a studioctl snapshot") {
			t.Errorf("%s: got %#v (exit %d), want the file refused with exit 2", name, err, fault.ExitCode(err))
		}
	}
}

type countPager struct{ rows int }

func (p *countPager) Page(t *kube.Table) error { p.rows += len(t.Rows); return nil }
func (p *countPager) Reset()                   { p.rows = 0 }

// TestHostileEntriesAreRefusedWhenRead (issue 32, item 2): an entry that would cost far more
// decoded than its bytes, one with more items than an entry holds, and a log bomb are refused with
// the sentence naming the reader's limit when read; a statement that reads no log unpacks none.
func TestHostileEntriesAreRefusedWhenRead(t *testing.T) {
	m := manifestJSON(t, Manifest{Format: Format, Version: Version, Kinds: []Kind{{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, State: StateCaptured, Chunks: 1}}})
	tiny := `{"columns":[],"items":[{"object":{"metadata":{"name":"a","namespace":"shop"},"x":[` + strings.Repeat("0,", limits.SnapshotMaxChunkValues) + `0]},"cells":["a"]}]}`
	var many strings.Builder
	many.WriteString(`{"columns":[],"items":[`)
	for i := 0; i <= limits.SnapshotChunkObjects; i++ {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`{"object":{"metadata":{"name":"a","namespace":"shop"}},"cells":["a"]}`)
	}
	many.WriteString(`]}`)
	for name, chunk := range map[string]string{"a million tiny values": tiny, "more items than an entry holds": many.String()} {
		s, err := Parse(zipOf(t, [2]string{entryManifest, m}, [2]string{"kinds/0000-0000.json", chunk}))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = roundTrip(t, NewReader(s), "/api/v1/namespaces/shop/pods", false)
		if e, ok := fault.As(err); !ok || e.Code != CodeRead || !strings.Contains(e.Sentence, whyTooLarge) {
			t.Errorf("%s: got %v, want the reader's limit named", name, err)
		}
	}
}

// TestLogsAreUnpackedOnlyWhenRead: 32 log entries that each unpack past a log's cap cost nothing
// until a log is asked for; then the one asked for is refused by its cap. Under -race it writes 4
// (deflating each takes ten times as long there); make test's plain pass writes the 32.
func TestLogsAreUnpackedOnlyWhenRead(t *testing.T) {
	entries := 32
	if race.Enabled {
		entries = 4
	}
	m := manifestJSON(t, Manifest{Format: Format, Version: Version})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create(entryManifest)
	w.Write([]byte(m))
	for i := 0; i < entries; i++ {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("logs/%06d.json", i), Method: zip.Deflate})
		fmt.Fprintf(w, `{"namespace":"shop","pod":"p%d","container":"c","lines":5,"text":"`, i)
		w.Write(bytes.Repeat([]byte("x"), limits.SnapshotMaxLogEntry+1))
		w.Write([]byte(`"}`))
	}
	zw.Close()
	s, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if s.logs != nil {
		t.Fatal("the logs were indexed when the file was opened")
	}
	_, _, err = roundTrip(t, NewReader(s), "/api/v1/namespaces/shop/pods/p3/log?container=c", false)
	if e, ok := fault.As(err); !ok || e.Code != CodeRead || !strings.Contains(e.Sentence, whyTooLarge) {
		t.Errorf("a log bomb: got %v, want the reader's limit named", err)
	}
	if len(s.logs) != entries {
		t.Errorf("%d logs indexed from their first bytes, want %d", len(s.logs), entries)
	}
}

// TestLoadRefusesWhatIsNoSnapshot: a file past the reader's size cap (sparse: nothing is
// written), a device (/dev/zero: reading it would never end) and a truncated file are refused
// with the sentence naming why.
func TestLoadRefusesWhatIsNoSnapshot(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.snap")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("PK\x03\x04"))
	if err := f.Truncate(limits.SnapshotMaxBytes + 1); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.snap")
	os.WriteFile(truncated, data[:len(data)/2], 0o600)
	cases := map[string]string{big: whyTooLarge, truncated: whyNotZip}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = whyNotFile
	}
	for path, why := range cases {
		_, err := Load(path)
		if e, ok := fault.As(err); !ok || e.Code != CodeRead || !strings.Contains(e.Sentence, why) {
			t.Errorf("%s: got %v, want the sentence naming %q", filepath.Base(path), err, why)
		}
	}
}
