package org.walletstate.domain.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The domain is a small kernel (chains, addresses, amounts, EVM encoding and reads, signed payload
 * values, proofs, request values) and features over it (attest, account, and the trust and commerce
 * features to come). A feature uses the kernel and itself; the kernel uses no feature.
 */
@AnalyzeClasses(
    packages = "org.walletstate.domain",
    importOptions = ImportOption.DoNotIncludeTests.class)
class DomainArchitectureTest {

  /** The feature packages. A new feature is added here. */
  static final List<String> FEATURES = List.of("attest", "account", "trust", "commerce");

  private static String[] featurePackages() {
    return FEATURES.stream().map(f -> "org.walletstate.domain." + f + "..").toArray(String[]::new);
  }

  @ArchTest
  static final ArchRule domainUsesOnlyTheJdkAndItself =
      classes()
          .that()
          .resideInAPackage("org.walletstate.domain..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "org.walletstate.domain..")
          .because("the domain is plain Java, embeddable anywhere");

  @ArchTest
  static final ArchRule domainPackagesAreFreeOfCycles =
      slices().matching("org.walletstate.domain.(*)..").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule theKernelUsesNoFeature =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate.domain..")
          .and()
          .resideOutsideOfPackages(featurePackages())
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(featurePackages())
          .because("features are built on the kernel, never the other way round");

  @ArchTest
  static final ArchRule featuresUseTheKernelAndThemselvesOnly =
      slices()
          .matching("org.walletstate.domain.(*)..")
          .that(
              com.tngtech.archunit.base.DescribedPredicate.describe(
                  "a feature",
                  (com.tngtech.archunit.library.dependencies.Slice slice) ->
                      FEATURES.contains(slice.getDescription().replaceFirst("^Slice ", ""))))
          .should()
          .notDependOnEachOther()
          .because("a feature never reaches into another feature");

  /**
   * The switches on a chain family that remain in features, each with its reason. A holding is
   * never one of them: what differs by family is a family's {@code FamilyHoldings}, named only by
   * the registry ({@code holding.family.HoldingFamilies}).
   */
  static final List<String> FAMILY_SWITCHES_LEFT = List.of();

  @ArchTest
  static final ArchRule featuresNeverSwitchOnChainFamilies =
      noClasses()
          .that()
          .resideInAnyPackage(featurePackages())
          .and(
              com.tngtech.archunit.base.DescribedPredicate.describe(
                  "are not a listed exception",
                  (com.tngtech.archunit.core.domain.JavaClass c) ->
                      FAMILY_SWITCHES_LEFT.stream()
                          .noneMatch(
                              name ->
                                  c.getName().equals(name) || c.getName().startsWith(name + "$"))))
          .should()
          .callMethod(org.walletstate.domain.chain.ChainFamily.class, "ordinal")
          .because(
              "a switch on ChainFamily compiles to its ordinal(): what differs by family belongs"
                  + " to the family's holdings in the kernel, so that a new family works in every"
                  + " feature at once");

  /**
   * The packages that still read request trees ({@code domain.request}), each with its reason. A
   * feature's commands and the readers that build them from a request body live in the
   * application's {@code port.in} of that feature; the domain keeps the values they build.
   */
  static final List<String> REQUEST_READERS_LEFT =
      List.of(
          // the request tree itself
          "org.walletstate.domain.request..",
          // the kernel reads a chain id, an amount and an asset as sent (number or text); these
          // value readers are shared by every feature's commands
          "org.walletstate.domain.chain..",
          "org.walletstate.domain.amount..",
          "org.walletstate.domain.holding..");

  @ArchTest
  static final ArchRule onlyListedPackagesReadRequestTrees =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate.domain..")
          .and()
          .resideOutsideOfPackages(REQUEST_READERS_LEFT.toArray(String[]::new))
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.walletstate.domain.request..")
          .because(
              "a request body is read into a command in the application's port.in; the domain"
                  + " keeps values that validate on construction");

  /**
   * No command in the domain: a use case's command and its reader live in its feature's {@code
   * port.in} in the application. The domain keeps the values a command carries, which validate on
   * construction (the attest command carries an {@code AttestRequest}, what the read plan and the
   * evaluation take, beside its response format).
   */
  @ArchTest
  static final ArchRule commandsAreNotInTheDomain =
      classes()
          .that()
          .resideInAPackage("org.walletstate.domain..")
          .should()
          .haveSimpleNameNotEndingWith("Command")
          .because("a use case's command lives in its feature's port.in in the application");
}
