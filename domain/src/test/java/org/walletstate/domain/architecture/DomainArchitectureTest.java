package org.walletstate.domain.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(
    packages = "org.walletstate.domain",
    importOptions = ImportOption.DoNotIncludeTests.class)
class DomainArchitectureTest {

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
}
