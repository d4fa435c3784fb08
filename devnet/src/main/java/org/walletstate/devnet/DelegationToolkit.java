package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Set;

/**
 * Makes ERC-7710 delegations with the delegation framework's own toolkit ({@code
 * @metamask/smart-accounts-kit}, run by {@code devnet/tools/delegation-toolkit.mjs}): caveats from
 * its caveat builder, the delegation from {@code createDelegation} (with a scope) or from the
 * builder's caveats, signed by {@code signDelegation} and hashed by {@code hashDelegation}; and,
 * when asked, revokes one on a devnet chain with {@code disableDelegation} sent by the delegator.
 * The request and answer shapes are documented in the script.
 */
public final class DelegationToolkit {

  private final NodeTool tool;

  public DelegationToolkit(Path devnetDirectory) {
    this.tool =
        new NodeTool(devnetDirectory, "tools/delegation-toolkit.mjs", "the delegation toolkit");
  }

  /**
   * {@code {delegation, delegationHash, delegationManager, revokedInBlock?}} for {@code request}.
   */
  public JsonNode make(JsonNode request) {
    return tool.run(request, Set.of(0));
  }
}
