package platform

// Every document this package prints names its schema as the audit report does: apiVersion
// studioctl.dev/<name>/v1 and a kind (docs/discover.md, docs/platform.md). A change that removes
// or renames a field bumps the version.
const (
	InventorySchema  = "studioctl.dev/discover/v1"
	InventoryKind    = "Inventory"
	DiffSchema       = "studioctl.dev/discover-diff/v1"
	DiffKind         = "InventoryDiff"
	ComponentsSchema = "studioctl.dev/components/v1"
	ComponentsKind   = "Components"
	RuntimeSchema    = "studioctl.dev/mcp-runtime/v1"
	RuntimeKind      = "MCPRuntime"
)

// legacyInventorySchema is the "schema" key of inventories saved before the documents carried
// apiVersion and kind; --diff still reads them, as the fields are the same.
const legacyInventorySchema = "studioctl.discover/v1"

// isInventory reports whether a decoded document is a discover inventory, in today's naming or
// the earlier one.
func isInventory(doc map[string]any) bool {
	if doc["apiVersion"] == InventorySchema && doc["kind"] == InventoryKind {
		return true
	}
	_, named := doc["apiVersion"]
	return !named && doc["schema"] == legacyInventorySchema
}
