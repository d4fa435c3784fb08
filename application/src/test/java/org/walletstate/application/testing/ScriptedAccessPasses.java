package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.domain.address.EvmAddress;

/**
 * The access pass in memory: wallets that hold it, and mints that land (the pass is then held) or
 * are deferred with a reason, as the test sets; a holding read can be made to fail.
 */
public final class ScriptedAccessPasses implements AccessPasses {

  private final Set<EvmAddress> holders = new HashSet<>();
  private final Set<EvmAddress> failingMints = new HashSet<>();
  private final List<EvmAddress> mintsAsked = new ArrayList<>();
  private String holdingFailure;

  public synchronized ScriptedAccessPasses holding(EvmAddress wallet, boolean holds) {
    if (holds) {
      holders.add(wallet);
    } else {
      holders.remove(wallet);
    }
    return this;
  }

  /** Mints to {@code wallet} are deferred until this is undone with {@link #mintsLand}. */
  public synchronized ScriptedAccessPasses mintsFail(EvmAddress wallet) {
    failingMints.add(wallet);
    return this;
  }

  public synchronized ScriptedAccessPasses mintsLand(EvmAddress wallet) {
    failingMints.remove(wallet);
    return this;
  }

  /** From now on a holding read does not complete, for {@code reason}. */
  public synchronized ScriptedAccessPasses holdingUnreadable(String reason) {
    this.holdingFailure = reason;
    return this;
  }

  public synchronized List<EvmAddress> mintsAsked() {
    return List.copyOf(mintsAsked);
  }

  public synchronized boolean holds(EvmAddress wallet) {
    return holders.contains(wallet);
  }

  @Override
  public synchronized Uni<Mint> mint(EvmAddress wallet) {
    mintsAsked.add(wallet);
    if (failingMints.contains(wallet)) {
      return Uni.createFrom().item(new Mint.Deferred("the mint was not mined in time"));
    }
    holders.add(wallet);
    return Uni.createFrom().item(new Mint.Minted("0x" + String.format("%064x", mintsAsked.size())));
  }

  @Override
  public synchronized Uni<Holding> holding(EvmAddress wallet) {
    if (holdingFailure != null) {
      return Uni.createFrom().item(new Holding.Unknown(holdingFailure));
    }
    return Uni.createFrom()
        .item(holders.contains(wallet) ? new Holding.Holds() : new Holding.DoesNotHold());
  }
}
