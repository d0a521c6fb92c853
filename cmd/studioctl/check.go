package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/check"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
)

const checkLong = `check tests the connection the global flags name (--kubeconfig and --context, --connection, or
--replay): it reads the server's version, refuses a server older than Kubernetes 1.28 (no
SelfSubjectReview) or one without aggregated discovery, says who the connection is, and asks six
self access reviews: create and get pods/exec in the default namespace, get nodes/proxy, every
verb on every resource, list secrets in the default namespace and in every namespace. Each right
the identity holds is named in one warning: a token bound to view or to studioctl-reader
(deploy/studioctl-reader.yaml, docs/kubeconfig.md) is safer.

When the connection names no namespaces, it also lists them (at most two pages of 500): a notice
says when the identity may not list namespaces (the tree then shows the default namespace alone),
or when the cluster has more than 1,000.

-o json prints one object for CI:

  {"apiVersion": "studioctl.dev/check/v1", "kind": "CheckReport",
   "server": "https://host:6443", "version": "v1.37.2",
   "identity": {"username": "...", "groups": ["..."]},
   "warnings": [{"code": "check.warning.credential_rights", "sentence": "...", "rights": ["..."]}],
   "notices": [{"code": "check.notice.namespaces_not_listed", "sentence": "..."}]}

version is the server's version. warnings and notices are always arrays. Notice codes: check.notice.namespaces_not_listed,
check.notice.namespaces_cap, check.notice.best_effort (Kubernetes 1.28 and 1.29).

Exit codes: 0 connected with no warnings (notices do not count), 4 connected with warnings,
1 the server answered with an error (the version floor included), 2 refused before anything was
sent, 3 the server could not be reached or verified.`

func checkCommand(f *Factory) *cobra.Command {
	io := f.IO
	var rights string
	own := ownFlags{command: "check", forms: []string{"json"}, plain: "a sentence and its warnings",
		outputUsage: "json: one object with the server, version, identity, warnings and notices"}
	cmd := &cobra.Command{
		Use:   "check [-o json] [--rights PROFILE]",
		Short: "Test the connection: version, identity, and a warning for rights a reader never needs",
		Long:  checkLong,
		Example: `  studioctl --kubeconfig k.yaml check
  studioctl --connection prod check -o json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut, output := own.jsonErrors(), own.output
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			if rights != "" {
				return checkRights(f, cmd.Context(), rights, output)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				r, err := check.Run(ctx, inner.Client(s))
				if err != nil {
					return err
				}
				if err := cli.Print(io.Out, io.Err, s, r.Result(output)); err != nil {
					return err
				}
				if code := r.Exit(); code != fault.ExitOK {
					return exitStatus(code)
				}
				return nil
			})
		},
	}
	own.bind(cmd)
	cmd.Flags().StringVar(&rights, "rights", "", "ask the self access reviews of one rights profile instead: "+strings.Join(check.ProfileNames(), ", ")+" (exit 4 when one is missing)")
	return cmd
}

// checkRights asks a rights profile's self access reviews (docs/platform.md).
func checkRights(f *Factory, ctx context.Context, profile, output string) error {
	jsonOut := output == "json"
	if _, ok := check.Profiles[profile]; !ok {
		return fail(fault.Refusef(check.CodeRightsProfile, check.SentenceRightsProfile, profile, strings.Join(check.ProfileNames(), ", ")), jsonOut)
	}
	return f.withSession(ctx, jsonOut, func(ctx context.Context, s *studioctl.Session) error {
		r, err := check.RunRights(ctx, inner.Client(s), profile)
		if err != nil {
			return err
		}
		if err := cli.Print(f.IO.Out, f.IO.Err, s, r.Result(output)); err != nil {
			return err
		}
		if code := r.Exit(); code != fault.ExitOK {
			return exitStatus(code)
		}
		return nil
	})
}
