package screen

import "strings"

// Where a key works: on the list, in a row view (describe, YAML, events, logs), in the logs view
// alone, in the cluster tree, or everywhere (but the tree, which reads its own keys).
const (
	OnList = "list"
	OnView = "view"
	OnLogs = "logs"
	OnTree = "tree"
	OnAny  = "any"
)

// Binding is one row of the key table: the keys (as the terminal library names them), where they
// work, the action they run and the help line. The help overlay, docs/browse.md and the tests
// read this table; Update dispatches through it. No action writes: there is no key that deletes,
// scales, edits, execs or forwards, and TestNoKeyWrites holds it so.
type Binding struct {
	Keys   []string
	Where  string
	Action string
	Help   string
}

// Keys is the key table, in the order the help overlay lists it.
var Keys = []Binding{
	{[]string{"?"}, OnAny, "help", "show or hide this help"},
	{[]string{"q", "ctrl+c"}, OnAny, "quit", "quit browse"},
	{[]string{"esc"}, OnAny, "back", "close the help, the prompt, a row view, or clear the filter"},
	{[]string{"up", "k"}, OnAny, "up", "move up one row (one line in a view)"},
	{[]string{"down", "j"}, OnAny, "down", "move down one row (one line in a view)"},
	{[]string{"pgup", "ctrl+b"}, OnAny, "pageup", "move up one screen"},
	{[]string{"pgdown", "ctrl+f", " "}, OnAny, "pagedown", "move down one screen"},
	{[]string{"home", "g"}, OnAny, "top", "go to the first row"},
	{[]string{"end", "G"}, OnAny, "bottom", "go to the last row"},
	{[]string{":"}, OnList, "prompt", "jump: :KIND by name or short name (:pods, :deploy, :wdg), :ns NAME, :ns all, :ns (the list)"},
	{[]string{"/"}, OnList, "filter", "filter rows: /text matches any cell, /-l app=web asks the server by label"},
	{[]string{"n"}, OnList, "nextns", "switch to the next namespace"},
	{[]string{"A"}, OnList, "allns", "all namespaces, or back to one"},
	{[]string{"s"}, OnList, "sort", "sort by the next column"},
	{[]string{"S"}, OnList, "reverse", "reverse the sort"},
	{[]string{"w"}, OnList, "wide", "show or hide the wide columns"},
	{[]string{"p"}, OnList, "pause", "pause or resume the live refresh"},
	{[]string{"r"}, OnList, "relist", "read the list again and watch anew (after the watch ended or failed)"},
	{[]string{"enter"}, OnList, "open", "describe the row's object; on a namespace (:ns), the kind shown before, in it"},
	{[]string{"d"}, OnList, "describe", "describe the row's object"},
	{[]string{"y"}, OnList, "yaml", "the row's YAML (managedFields removed, Secret values gone)"},
	{[]string{"l"}, OnList, "logs", "a pod's logs"},
	{[]string{"e"}, OnList, "events", "the events of the row's object"},
	{[]string{"o"}, OnList, "owner", "jump up to the object that owns this one"},
	{[]string{"O"}, OnList, "owned", "jump down to the objects this one owns (a Deployment's pods)"},
	{[]string{"T"}, OnList, "tree", "the cluster tree, as studioctl tree draws it, opened folder by folder"},
	{[]string{"f"}, OnLogs, "follow", "follow the log, or stop following"},
	{[]string{"c"}, OnLogs, "container", "the pod's next container"},
	{[]string{"P"}, OnLogs, "previous", "the previous instance of the container, or the current one"},
	{[]string{"t"}, OnLogs, "tail", "the next tail size (lines read from the end)"},
	{[]string{"right", "l", "+"}, OnTree, "treekey", "open a container or a folder (its objects are listed then)"},
	{[]string{"left", "h", "-"}, OnTree, "treekey", "close it, or go to its parent"},
	{[]string{"up", "k", "down", "j", "pgup", "pgdown", "home", "end"}, OnTree, "treekey", "move"},
	{[]string{"enter"}, OnTree, "treekey", "a pod's last 50 log lines, another object's YAML, a custom resource type's list"},
	{[]string{"d"}, OnTree, "treekey", "describe the object"},
	{[]string{"y"}, OnTree, "treekey", "the object's YAML"},
	{[]string{"/"}, OnTree, "treekey", "filter what the tree has read"},
	{[]string{"esc"}, OnTree, "treekey", "close a page or the filter"},
	{[]string{"q", "ctrl+c"}, OnTree, "treekey", "back to the list"},
	{[]string{"T"}, OnTree, "tree", "back to the list"},
}

// TailSizes are the log view's tail sizes, in the order t steps through them.
var TailSizes = []int64{50, 200, 1000}

// binding finds the action a key runs where the screen is. The tree reads its own keys: only
// its rows apply there.
func binding(key, where string) (string, bool) {
	for _, b := range Keys {
		if where == OnTree && b.Where != OnTree {
			continue
		}
		if b.Where != OnAny && b.Where != where && !(b.Where == OnView && where == OnLogs) {
			continue
		}
		for _, k := range b.Keys {
			if k == key {
				return b.Action, true
			}
		}
	}
	return "", false
}

// HelpLines are the key table as the help overlay and studioctl browse --help write it: one line a
// row, where it works, its keys, what it does.
func HelpLines() []string {
	out := make([]string, len(Keys))
	for i, b := range Keys {
		out[i] = sprintf(wordHelpWhere, b.Where, strings.Join(keyNames(b.Keys), " "), b.Help)
	}
	return out
}

// keyNames are a binding's keys as the help writes them (the space bar as "space").
func keyNames(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		if k == " " {
			k = "space"
		}
		out[i] = k
	}
	return out
}
