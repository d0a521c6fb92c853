package check
