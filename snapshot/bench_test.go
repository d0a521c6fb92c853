package snapshot

import "testing"

// BenchmarkLoadAndListPods loads the fixture and answers a Table list of its pods.
func BenchmarkLoadAndListPods(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s, err := Load(fixture)
		if err != nil {
			b.Fatal(err)
		}
		kd, _ := s.kind("", "v1", "pods")
		if _, err := allItems(kd); err != nil {
			b.Fatal(err)
		}
	}
}
