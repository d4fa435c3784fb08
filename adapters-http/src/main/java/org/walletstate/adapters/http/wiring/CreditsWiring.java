package org.walletstate.adapters.http.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import org.walletstate.adapters.http.observability.MeteredCreditLedger;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.application.account.CreditsOverview;
import org.walletstate.application.account.GrantMonthlyCredits;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.PlanGrants;

/**
 * Credits: what a metered call is charged (metering), the shared allowance of the keyless tool
 * endpoint, the overview of a key's credits and the plans' monthly grants.
 */
@ApplicationScoped
public class CreditsWiring {

  @Produces
  @ApplicationScoped
  Metering metering(CreditLedger ledger, Clock clock, ServiceMeters meters) {
    return new Metering(new MeteredCreditLedger(ledger, meters), clock);
  }

  /** The one daily allowance every caller of the keyless tool endpoint ({@code /mcp}) shares. */
  @Produces
  @ApplicationScoped
  SharedAllowanceUseCase sharedAllowance(KeyAdmission admission, Clock clock) {
    return new SharedAllowance(admission, clock, SharedAllowance.MCP_ACCOUNT);
  }

  @Produces
  @ApplicationScoped
  CreditsOverviewQuery creditsOverview(CreditLedger ledger) {
    return new CreditsOverview(ledger);
  }

  @Produces
  @ApplicationScoped
  GrantMonthlyCredits grantMonthlyCredits(PlanGrants grants, Clock clock) {
    return new GrantMonthlyCredits(grants, clock);
  }
}
