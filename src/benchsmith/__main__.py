from benchsmith.cli import main

main()
