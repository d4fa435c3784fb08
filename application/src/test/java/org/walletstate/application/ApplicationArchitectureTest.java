package org.walletstate.application;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(
    packages = "org.walletstate.application",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ApplicationArchitectureTest {

  @ArchTest
  static final ArchRule applicationUsesOnlyTheDomainAndMutiny =
      classes()
          .that()
          .resideInAPackage("org.walletstate.application..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..",
              "org.walletstate.domain..",
              "org.walletstate.application..",
              "io.smallrye.mutiny..")
          .because("use cases are wired by the composition root, not by a framework");

  @ArchTest
  static final ArchRule applicationPackagesAreFreeOfCycles =
      slices().matching("org.walletstate.application.(*)..").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule incomingPortsAreInterfacesAndTheirValues =
      classes()
          .that()
          .resideInAPackage("org.walletstate.application..port.in..")
          .should()
          .beInterfaces()
          .orShould()
          .beRecords()
          .because("an operation is reached through its use case interface (buckpal style)");
}
