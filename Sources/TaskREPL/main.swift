import TaskPresenter
print("tasks")
